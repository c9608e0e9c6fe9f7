import { queryOptions } from '@tanstack/react-query';
import {
  offContractMessage,
  urlOf,
  type ApiOperation,
  type CallInput,
  type ResponseOf,
} from '@levelup/contracts';
import { apiRequest } from './client.ts';
import { HttpError } from './http-error.ts';

/**
 * An answer that is not what its operation's response schema says (a service and a front end of
 * different releases, a bug): thrown instead of handing a screen data it cannot trust.
 */
export class ContractError extends Error {
  readonly operation: string;
  readonly issues: readonly { path: readonly PropertyKey[]; message: string }[];

  constructor(op: ApiOperation, issues: ContractError['issues']) {
    super(offContractMessage(op, issues));
    this.name = 'ContractError';
    this.operation = `${op.method} ${op.path}`;
    this.issues = issues;
  }
}

/** The answer read by the operation's response schema (its defaults and transforms applied). */
function answerOf<Op extends ApiOperation>(op: Op, answer: unknown): ResponseOf<Op> {
  if (!op.response) return answer as ResponseOf<Op>;
  const parsed = op.response.safeParse(answer);
  if (!parsed.success) throw new ContractError(op, parsed.error.issues);
  return parsed.data as ResponseOf<Op>;
}

/** Optional when the operation declares no parameters and no body. */
type CallArgs<Op extends ApiOperation> = Op['params'] extends object
  ? [input: CallInput<Op>]
  : Op['body'] extends object
    ? [input: CallInput<Op>]
    : [input?: CallInput<Op>];

/**
 * Calls one contract operation through the gateway: its method and path come from the contract (path
 * parameters filled in and encoded, the query as a search string), the body goes as JSON, and the answer
 * is read by the operation's response schema: typed, with its defaults, or a ContractError.
 */
export async function call<const Op extends ApiOperation>(
  op: Op,
  ...[input]: CallArgs<Op>
): Promise<ResponseOf<Op>> {
  return answerOf(op, await apiRequest(op.method, urlOf(op, input ?? {}), input?.body));
}

/**
 * A read whose 401 means "signed out" rather than a failure: 'returnNull' answers null (the profile),
 * 'returnEmpty' an empty list. Any other failure is thrown as by `call`.
 */
export async function callOr401<
  const Op extends ApiOperation,
  const On extends 'returnNull' | 'returnEmpty',
>(
  op: Op,
  on401: On,
  ...[input]: CallArgs<Op>
): Promise<ResponseOf<Op> | (On extends 'returnNull' ? null : [])> {
  try {
    return await call(op, ...([input] as CallArgs<Op>));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401)
      return (on401 === 'returnNull' ? null : []) as never;
    throw error;
  }
}

/**
 * The query key of a read, derived from the operation: one element, the URL the read fetches, so the
 * default query function (which joins a key's parts with slashes) fetches it and every screen that reads
 * the same call shares one cache entry. `queryKeyOf(API.listGoals)` is `['/api/goals']`.
 */
export function queryKeyOf<const Op extends ApiOperation>(
  op: Op,
  ...[input]: CallArgs<Op>
): [string] {
  return [urlOf(op, input ?? {})];
}

/**
 * A read-only query of one operation: its key (`queryKeyOf`) and a query function that calls it, so the
 * answer is checked by the operation's schema. `useQuery(queryOf(API.listGoals))`; spread it to add
 * options: `useQuery({ ...queryOf(API.goalJourney, { params: { id } }), enabled: open })`.
 */
export function queryOf<const Op extends ApiOperation & { method: 'GET' }>(
  op: Op,
  ...[input]: CallArgs<Op>
) {
  const args = [input] as CallArgs<Op>;
  return queryOptions({
    queryKey: queryKeyOf(op, ...args),
    queryFn: () => call(op, ...args),
  });
}

/**
 * Matches every cached read of the given operations whatever their parameters and query, for
 * invalidation: `queryClient.invalidateQueries({ predicate: readsOf(API.listQuests) })`.
 */
export function readsOf(
  ...ops: ApiOperation[]
): (query: { queryKey: readonly unknown[] }) => boolean {
  const patterns = ops.map(
    (op) =>
      new RegExp(
        `^${op.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`,
      ),
  );
  return (query) => {
    const key = query.queryKey[0];
    return typeof key === 'string' && patterns.some((pattern) => pattern.test(key));
  };
}
