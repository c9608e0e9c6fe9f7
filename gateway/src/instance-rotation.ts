/**
 * The order in which to try the instances of one service for the gateway's own calls to it (the session
 * lookup, a sign-out passed on): in turn, so the load is spread, and an instance that just failed last
 * until it has been out for retryMs (issue 13: svc-identity scaled like any other service).
 */
export function instanceRotation(
  urls: readonly string[],
  options: { retryMs: number; now?: () => number },
) {
  if (urls.length === 0) throw new Error('instanceRotation needs at least one URL');
  const now = options.now ?? Date.now;
  const outUntil = new Map<string, number>();
  let next = 0;
  return {
    /** Every instance, the next in turn first and those that failed lately last. */
    order(): string[] {
      const start = next;
      next = (next + 1) % urls.length;
      const turn = urls.map((_, i) => urls[(start + i) % urls.length]!);
      const isOut = (url: string) => (outUntil.get(url) ?? 0) > now();
      return [...turn.filter((url) => !isOut(url)), ...turn.filter(isOut)];
    },
    failed(url: string): void {
      outUntil.set(url, now() + options.retryMs);
    },
    answered(url: string): void {
      outUntil.delete(url);
    },
  };
}

export type InstanceRotation = ReturnType<typeof instanceRotation>;
