import type { JsMsg } from '@nats-io/jetstream';

/**
 * The messages a consumer of this process has taken and not settled yet, queued behind others or in
 * work: each is reported to the server as still in work every third of the acknowledgement wait. A
 * message waiting its turn behind a busy user's events, or behind a slow batch, is otherwise delivered
 * again (to another instance, or to this one) once the wait runs out, while it is still here: the
 * same work twice, and on a busy machine more of it the further behind the consumer falls. A process
 * that dies or stops reporting lets its messages go back after the wait, as before.
 */
export class HeldMessages {
  private readonly held = new Set<JsMsg>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly periodMs: number;

  /** `ackWaitMs`: the consumer's acknowledgement wait. */
  constructor(ackWaitMs: number) {
    this.periodMs = ackWaitMs / 3;
  }

  get size(): number {
    return this.held.size;
  }

  hold(msg: JsMsg): void {
    this.held.add(msg);
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const message of this.held) message.working();
    }, this.periodMs);
    this.timer.unref();
  }

  release(msg: JsMsg): void {
    this.held.delete(msg);
    if (this.held.size === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
