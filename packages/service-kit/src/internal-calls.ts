import type { Router } from '@koa/router';
import {
  offContractMessage,
  urlOf,
  type CallInput,
  type InternalOperation,
  type ResponseOf,
} from '@levelup/contracts';
import { requireInternal, signInternal } from './identity.ts';
import { mount, type OperationHandler } from './mount.ts';

/**
 * Serves one internal call (an `INTERNAL` entry) as `mount` serves a public one, behind its service's
 * internal signature: an unsigned or wrongly signed request is a 401 before anything is parsed.
 */
export function mountInternal<const Op extends InternalOperation>(
  router: Router,
  op: Op,
  secret: string,
  handler: OperationHandler<Op>,
): Router {
  return mount(router, op, handler, { use: [requireInternal(secret, op.service)] });
}

/** The path (query included) and the signature headers of one internal call, made now. */
export function internalRequest<const Op extends InternalOperation>(
  op: Op,
  input: Pick<CallInput<Op>, 'params' | 'query'>,
  secret: string,
  now: number = Date.now(),
): { path: string; headers: Record<string, string> } {
  const path = urlOf(op, input);
  return {
    path,
    headers: signInternal(secret, { service: op.service, method: op.method, path }, now),
  };
}

/** What an internal call answered: its status, and for a 2xx its body as the contract reads it. */
export type InternalAnswer<Op extends InternalOperation> =
  { ok: true; status: number; data: ResponseOf<Op> } | { ok: false; status: number };

export interface CallInternalOptions {
  /** The serving instance's base URL (http://svc-community:3004). */
  baseUrl: string;
  secret: string;
  timeoutMs: number;
  /** Sent along (a request id, the browser's session cookies for the session lookup). */
  headers?: Record<string, string>;
  now?: () => number;
}

/**
 * Makes one internal call (an `INTERNAL` entry): signed for the service that serves it, bounded by
 * timeoutMs, and its 2xx answer read by the operation's response schema. A refused connection or a
 * timeout rejects; an answer off its contract rejects with an error naming the operation and field.
 * Any other status is handed back (its body discarded) for the caller to judge: a 401 may be an answer.
 */
export async function callInternal<const Op extends InternalOperation>(
  op: Op,
  input: Pick<CallInput<Op>, 'params' | 'query'>,
  options: CallInternalOptions,
): Promise<InternalAnswer<Op>> {
  const { path, headers } = internalRequest(op, input, options.secret, (options.now ?? Date.now)());
  const answer = await fetch(new URL(path, options.baseUrl), {
    method: op.method,
    headers: { ...options.headers, ...headers },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!answer.ok) {
    await answer.body?.cancel();
    return { ok: false, status: answer.status };
  }
  const parsed = op.response?.safeParse(await answer.json().catch(() => undefined));
  if (parsed && !parsed.success) throw new Error(offContractMessage(op, parsed.error.issues));
  return { ok: true, status: answer.status, data: parsed?.data as ResponseOf<Op> };
}
