/**
 * Lanes that hand work over in batches: items of one key go to `run` together, in the order added,
 * one batch of a key at a time; keys run side by side, at most `limit` at once. While a key's batch
 * runs, what arrives for it waits and goes as the next batch, so an idle key gets each item at once
 * and a busy one gets everything that came meanwhile (up to `maxBatch`) in one call.
 *
 * `add` resolves once the item is queued, and waits first while `maxQueued` items are not done (the
 * caller's pulling loop stays bounded). An item without a key is a batch of its own.
 */
export interface BatchingLanesOptions<T> {
  limit: number;
  maxBatch: number;
  maxQueued: number;
  run: (key: string, items: T[]) => Promise<void>;
}

export class BatchingLanes<T> {
  private readonly queues = new Map<string, T[]>();
  private readonly running = new Set<string>();
  private readonly waiting: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private queued = 0;
  private lone = 0;

  private readonly options: BatchingLanesOptions<T>;

  constructor(options: BatchingLanesOptions<T>) {
    this.options = options;
  }

  async add(key: string | undefined, item: T): Promise<void> {
    while (this.queued >= this.options.maxQueued) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.queued += 1;
    const lane = key ?? `\u0000lone-${(this.lone += 1)}`;
    const queue = this.queues.get(lane);
    if (queue) queue.push(item);
    else this.queues.set(lane, [item]);
    this.pump();
  }

  /** Resolves once every item added so far is done. */
  async idle(): Promise<void> {
    while (this.queued > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    for (const [key, queue] of this.queues) {
      if (this.running.size >= this.options.limit) return;
      if (this.running.has(key) || queue.length === 0) continue;
      this.start(key, queue);
    }
  }

  private start(key: string, queue: T[]): void {
    this.running.add(key);
    const batch = queue.splice(0, this.options.maxBatch);
    // The key goes to the back, so other keys get their turn before its next batch.
    this.queues.delete(key);
    if (queue.length > 0) this.queues.set(key, queue);
    void (async () => {
      try {
        await this.options.run(key, batch);
      } catch {
        // `run` reports its own failures; the lane carries on with the next batch
      } finally {
        this.running.delete(key);
        if (!this.queues.has(key) && queue.length > 0) this.queues.set(key, queue);
        this.queued -= batch.length;
        for (const resolve of this.waiting.splice(0, batch.length)) resolve();
        if (this.queued === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        this.pump();
      }
    })();
  }
}
