import { readFileSync } from 'node:fs';

/** Small helpers shared by the benchmark scripts (they record figures; they never assert timings). */

/** A TCP port free on the loopback right now (for a server the script starts). */
export { freePort } from '../tools/stack/infra.ts';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/** A cookie-keeping JSON client for the gateway. */
export function apiClient(base: string) {
  let cookie = '';
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) {
      const jar = new Map(
        cookie
          .split('; ')
          .filter(Boolean)
          .map((pair) => [pair.split('=')[0]!, pair] as const),
      );
      for (const header of setCookies) {
        const pair = header.split(';')[0]!;
        jar.set(pair.split('=')[0]!, pair);
      }
      cookie = [...jar.values()].join('; ');
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  /** The session cookie kept so far, for a load tool that sends it itself. */
  return Object.assign(call, { cookie: () => cookie });
}

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  children?: number[];
}

/** A V8 CPU profile (`--cpu-prof`): the call tree, and which node each sample was in for how long. */
export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function readCpuProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}
