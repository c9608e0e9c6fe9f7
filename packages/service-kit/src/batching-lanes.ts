/**
 * Lanes that hand work over in batches: items of one key go to `run` together, in the order added,
 * one batch of a key at a time; batches run side by side, at most `limit` at once. While a key's batch
 * runs, what arrives for it waits and goes as the next batch, so an idle key gets each item at once
 * and a busy one gets everything that came meanwhile (up to `maxBatch`) in one call.
 *
 * With `acrossKeys`, a batch takes the waiting items of every key not in a batch already (up to
 * `maxBatch` in all), still each key's in the order added and no key in two batches at once; the
 * batch starts once the items added in the same turn of the event loop are in, so a burst pulled
 * together is handled together.
 *
 * `add` resolves once the item is queued, and waits first while `maxQueued` items are not done (the
 * caller's pulling loop stays bounded). An item without a key is a batch of its own (or, across keys,
 * a key of its own).
 */
export interface BatchingLanesOptions<T> {
  limit: number;
  maxBatch: number;
  maxQueued: number;
  acrossKeys?: boolean;
  /** `keys`: the keys whose items the batch holds (one, unless acrossKeys). */
  run: (keys: string[], items: T[]) => Promise<void>;
}

export class BatchingLanes<T> {
  private readonly queues = new Map<string, T[]>();
  /** Keys in a running batch. */
  private readonly running = new Set<string>();
  private batches = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private queued = 0;
  private lone = 0;
  private pumpScheduled = false;

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
    if (!this.options.acrossKeys) this.pump();
    else if (!this.pumpScheduled) {
      this.pumpScheduled = true;
      setImmediate(() => {
        this.pumpScheduled = false;
        this.pump();
      });
    }
  }

  /** Resolves once every item added so far is done. */
  async idle(): Promise<void> {
    while (this.queued > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.batches < this.options.limit) {
      const batch = this.take();
      if (batch.items.length === 0) return;
      this.start(batch.keys, batch.items);
    }
  }

  /** The next batch: the first waiting key's items, or across keys every waiting key's, up to maxBatch. */
  private take(): { keys: string[]; items: T[] } {
    const keys: string[] = [];
    const items: T[] = [];
    for (const [key, queue] of this.queues) {
      if (this.running.has(key) || queue.length === 0) continue;
      this.running.add(key);
      keys.push(key);
      items.push(...queue.splice(0, this.options.maxBatch - items.length));
      // The key goes to the back, so other keys get their turn before its next batch.
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
      if (!this.options.acrossKeys || items.length >= this.options.maxBatch) break;
    }
    return { keys, items };
  }

  private start(keys: string[], batch: T[]): void {
    this.batches += 1;
    void (async () => {
      try {
        await this.options.run(keys, batch);
      } catch {
        // `run` reports its own failures; the lane carries on with the next batch
      } finally {
        this.batches -= 1;
        for (const key of keys) this.running.delete(key);
        this.queued -= batch.length;
        for (const resolve of this.waiting.splice(0, batch.length)) resolve();
        if (this.queued === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        this.pump();
      }
    })();
  }
}
