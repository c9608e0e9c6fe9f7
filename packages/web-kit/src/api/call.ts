import { urlOf, type ApiOperation, type CallInput, type ResponseOf } from '@levelup/contracts';
import { apiRequest } from './client.ts';
import { HttpError } from './http-error.ts';

/** Optional when the operation declares no parameters and no body. */
type CallArgs<Op extends ApiOperation> = Op['params'] extends object
  ? [input: CallInput<Op>]
  : Op['body'] extends object
    ? [input: CallInput<Op>]
    : [input?: CallInput<Op>];

/**
 * Calls one contract operation through the gateway: its method and path come from the contract (path
 * parameters filled in and encoded, the query as a search string), the body goes as JSON, and the answer
 * is typed by the operation's response schema.
 */
export function call<const Op extends ApiOperation>(
  op: Op,
  ...[input]: CallArgs<Op>
): Promise<ResponseOf<Op>> {
  return apiRequest<ResponseOf<Op>>(op.method, urlOf(op, input ?? {}), input?.body);
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
    return await apiRequest<ResponseOf<Op>>(op.method, urlOf(op, input ?? {}), input?.body);
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
