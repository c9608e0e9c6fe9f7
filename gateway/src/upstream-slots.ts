import type { ServerResponse } from 'node:http';

/**
 * How many requests may be in flight to one service at once, and a line for the rest: first come, first
 * served, each waiting at most its own deadline. A client that goes away while waiting leaves the line.
 */
export function createSlots(capacity: () => number) {
  let inFlight = 0;
  /** In arrival order (a Set keeps it); each takes its slot when called. */
  const line = new Set<() => void>();

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      next();
    };
  }

  function next() {
    while (inFlight < capacity() && line.size > 0) {
      const first = line.values().next().value!;
      line.delete(first);
      first();
    }
  }

  /** A release function once a slot is free; 'timed-out' after waitMs, 'closed' if the client left first. */
  function acquire(
    waitMs: number,
    res: ServerResponse,
  ): Promise<(() => void) | 'timed-out' | 'closed'> {
    if (inFlight < capacity() && line.size === 0) {
      inFlight += 1;
      return Promise.resolve(releaser());
    }
    return new Promise((resolve) => {
      const done = (answer: (() => void) | 'timed-out' | 'closed') => {
        clearTimeout(timer);
        res.off('close', left);
        line.delete(take);
        resolve(answer);
      };
      const take = () => {
        inFlight += 1;
        done(releaser());
      };
      const timer = setTimeout(() => done('timed-out'), waitMs);
      const left = () => done('closed');
      res.once('close', left);
      line.add(take);
    });
  }

  return { acquire, inFlight: () => inFlight, waiting: () => line.size };
}
