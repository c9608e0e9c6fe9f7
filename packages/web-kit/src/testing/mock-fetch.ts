// Test helper: HTTP mocked at the fetch level (the api client, ky, runs for real). Unit tests only.
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockRoute = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

/**
 * Replaces globalThis.fetch. Routes are keyed 'METHOD /path' (query string ignored). An unknown route
 * answers 404 with the service error shape, so a test never reaches the network.
 */
export function mockFetch(routes: Record<string, MockRoute>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    if (!reply)
      return jsonResponse(404, {
        error: { code: 'not_found', message: `No mock for ${call.method} ${call.path}` },
      });
    return jsonResponse(reply.status ?? 200, reply.body, reply.headers);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A 401 in the services' error shape. */
export const unauthorized: MockReply = {
  status: 401,
  body: { error: { code: 'unauthorized', message: 'Not signed in' } },
};
