/** A cookie-keeping client of the gateway that never throws: every call ends as an Answer, timed. */

export interface Answer {
  /** HTTP status, or 0 when no answer came (connection refused or reset, client-side time limit). */
  status: number;
  body: unknown;
  ms: number;
  /** Why no answer came, when status is 0. */
  error?: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The client gives up after this long (a hang is reported as such, never waited out). */
  timeoutMs?: number;
  /** Another gateway than the client's own (several gateways behind one client, as behind a balancer). */
  baseUrl?: string;
}

/** Far above the gateway's own 5 s limit: a request that takes this long hung. */
export const CLIENT_TIMEOUT_MS = 20_000;

export class GatewayClient {
  private cookies = new Map<string, string>();
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  json(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.raw({
      method,
      path,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async raw(request: RawRequest): Promise<Answer> {
    const started = performance.now();
    const cookie = [...this.cookies.values()].join('; ');
    try {
      const response = await fetch(`${request.baseUrl ?? this.baseUrl}${request.path}`, {
        method: request.method,
        redirect: 'manual',
        headers: { ...(cookie ? { cookie } : {}), ...request.headers },
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs ?? CLIENT_TIMEOUT_MS),
      });
      for (const header of response.headers.getSetCookie()) {
        const pair = header.split(';')[0]!;
        this.cookies.set(pair.split('=')[0]!, pair);
      }
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, body, ms: performance.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).name ?? String(error);
      return { status: 0, body: null, ms: performance.now() - started, error: reason };
    }
  }
}
