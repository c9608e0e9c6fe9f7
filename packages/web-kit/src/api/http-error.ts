import { apiErrorSchema } from '@levelup/contracts';

/**
 * A non-OK response. The message is the status, a colon, a space, then the body text or the status text
 * when the body is empty (Generic). serverMessage is the `error.message` of the
 * service's `{ error: { code, message } }` body when there is one, for toasts such as 'Login failed'.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** A 429's Retry-After in seconds, when it came with one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, body: string, retryAfter?: string | null) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed?.error.code ?? null;
    this.serverMessage = parsed?.error.message ?? null;
    const seconds = Number(retryAfter);
    this.retryAfterSeconds = retryAfter && Number.isFinite(seconds) ? seconds : null;
  }
}

function parseErrorBody(body: string) {
  if (!body) return null;
  try {
    const result = apiErrorSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The session is gone: a 401 answer, or any failure whose message contains 401. */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 401;
  return error instanceof Error && /\b401\b/.test(error.message);
}

/** Whether the server refused the call for coming too often (429): its message says when to try again. */
export function isRateLimited(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 429;
}

/** The server's message of a failed call, else the fallback text of the catalogue. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A create refused because the member keeps as many of these as allowed (409 QUOTA_REACHED): its
 * message names the limit and what frees room, which "please try again" would contradict. Any other
 * failure gets the fallback text of the catalogue.
 */
export function quotaMessageOr(error: unknown, fallback: string): string {
  // An API module may wrap the HttpError in an error of its own wording (the HttpError its cause).
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof HttpError && cause.code === 'QUOTA_REACHED' && cause.serverMessage)
      return cause.serverMessage;
    cause = cause.cause;
  }
  return fallback;
}

type RateLimitListener = (message: string) => void;
const rateLimitListeners = new Set<RateLimitListener>();

/**
 * Listens for calls the server refused with 429, with the message to show ('Too many new posts. Please
 * try again in 45 seconds.'); answers the unsubscribe. The page's ToastProvider shows each one.
 */
export function onRateLimited(listener: RateLimitListener): () => void {
  rateLimitListeners.add(listener);
  return () => rateLimitListeners.delete(listener);
}

/**
 * Tells the listeners about a 429, after the caller's own error handling has run (a task later), so the
 * toast that says how long to wait replaces a generic 'Please try again' one the caller may show.
 */
export function announceRateLimited(error: HttpError): void {
  const message =
    error.serverMessage ??
    (error.retryAfterSeconds
      ? `Too many requests. Please try again in ${error.retryAfterSeconds} seconds.`
      : 'Too many requests. Please try again in a moment.');
  setTimeout(() => {
    for (const listener of rateLimitListeners) listener(message);
  }, 0);
}
