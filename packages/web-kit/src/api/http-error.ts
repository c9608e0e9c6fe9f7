import { apiErrorSchema } from '@levelup/contracts';

/**
 * A non-OK response. The message is the status, a colon, a space, then the body text or the status text
 * when the body is empty (core.md section 8, Generic). serverMessage is the `error.message` of the
 * service's `{ error: { code, message } }` body when there is one, for toasts such as 'Login failed'.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed?.error.code ?? null;
    this.serverMessage = parsed?.error.message ?? null;
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

/** The spec's test: any failure whose message contains 401 means the session is gone (core.md section 8). */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 401;
  return error instanceof Error && /\b401\b/.test(error.message);
}

/** The server's message of a failed call, else the fallback text of the catalogue. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}
