/**
 * The instances of one service and which of them are in: the one rule of the gateway for
 * spreading work over them. The proxy pool (upstream-pool.ts) and the gateway's own calls to svc-identity
 * (the session lookup, a sign-out passed on) both take their order from here: the instances that are in,
 * in turn so the load is spread, then those left out after a failure, the one back soonest first.
 */
export function instanceRotation(
  initial: readonly string[],
  options: { retryMs: number; now?: () => number },
) {
  if (initial.length === 0) throw new Error('instanceRotation needs at least one URL');
  const now = options.now ?? Date.now;
  let targets = [...initial];
  /** Left out until then; absent: in. */
  const outUntil = new Map<string, number>();
  let next = 0;
  const isUp = (target: string) => (outUntil.get(target) ?? 0) <= now();
  /** Where the list comes from while it follows another (`follow`), and the list last taken from it. */
  let source: (() => readonly string[]) | undefined;
  let taken: readonly string[] | undefined;

  /** A new list (DNS changed): instances that stay keep their state, gone ones are forgotten. */
  function setTargets(wanted: readonly string[]): void {
    targets = [...wanted];
    for (const target of outUntil.keys()) if (!targets.includes(target)) outUntil.delete(target);
    next %= targets.length;
  }
  /** Takes the followed list when it is a new one (an empty one changes nothing). */
  function sync(): void {
    const current = source?.();
    if (!current || current === taken || current.length === 0) return;
    taken = current;
    setTargets(current);
  }

  return {
    /**
     * The next instance in turn that is in (other than `except`), without building a list: the proxy's
     * per-request choice. None in: for a first try the one back soonest, for a retry (`except`) nothing.
     */
    pick(except?: string): string | undefined {
      sync();
      for (let i = 0; i < targets.length; i += 1) {
        const index = (next + i) % targets.length;
        const target = targets[index]!;
        if (target === except || !isUp(target)) continue;
        next = (index + 1) % targets.length;
        return target;
      }
      if (except !== undefined) return undefined;
      return targets.reduce((soonest, target) =>
        (outUntil.get(target) ?? 0) < (outUntil.get(soonest) ?? 0) ? target : soonest,
      );
    },
    /** Every instance, those that are in first (starting with the next in turn), then the ones out. */
    order(): string[] {
      sync();
      const turn = targets.map((_, i) => targets[(next + i) % targets.length]!);
      const up = turn.filter(isUp);
      if (up.length > 0) next = (targets.indexOf(up[0]!) + 1) % targets.length;
      const out = turn
        .filter((target) => !isUp(target))
        .sort((a, b) => outUntil.get(a)! - outUntil.get(b)!);
      return [...up, ...out];
    },
    isUp,
    /** Leaves the instance out for retryMs. */
    failed(target: string): void {
      outUntil.set(target, now() + options.retryMs);
    },
    answered(target: string): void {
      outUntil.delete(target);
    },
    targets(): readonly string[] {
      sync();
      return targets;
    },
    setTargets,
    /**
     * From now on the instances are the ones `current` reports, read at each use (the gateway's own
     * svc-identity calls follow the identity pool's instances as its DNS re-reads change them). A list
     * is taken when it is a new object, so `current` hands out the same one until it changes.
     */
    follow(current: () => readonly string[]): void {
      source = current;
    },
  };
}

export type InstanceRotation = ReturnType<typeof instanceRotation>;
