/**
 * Runs tasks in lanes: tasks of one key in the order given, tasks of different keys side by side,
 * at most `limit` at once. `run` resolves once the task has started its lane (so the caller's
 * loop stays bounded), `idle` once every task has finished. A task without a key gets a lane of
 * its own; with a limit of 1 every task runs after the previous one.
 */
export class PartitionedLanes {
  private readonly tails = new Map<string, Promise<void>>();
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly all = new Set<Promise<void>>();
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  async run(key: string | undefined, task: () => Promise<void>): Promise<void> {
    while (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    const previous = key === undefined ? undefined : this.tails.get(key);
    const done = (async () => {
      try {
        if (previous) await previous;
        await task();
      } catch {
        // the task reports its own failures; a lane carries on with the next task
      } finally {
        this.active -= 1;
        this.waiting.shift()?.();
      }
    })();
    this.all.add(done);
    void done.then(() => this.all.delete(done));
    if (key !== undefined) {
      this.tails.set(key, done);
      void done.then(() => {
        if (this.tails.get(key) === done) this.tails.delete(key);
      });
    }
    if (this.limit === 1) await done;
  }

  async idle(): Promise<void> {
    while (this.all.size > 0) await Promise.all([...this.all]);
  }
}
