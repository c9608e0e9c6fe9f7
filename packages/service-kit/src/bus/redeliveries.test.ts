import type { JsMsg } from '@nats-io/jetstream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@levelup/contracts';
import { splitByKey } from './batches.ts';
import { HeldMessages } from './held-messages.ts';
import { ACK_WAIT_MS, byUser } from './rules.ts';
import type { Delivery } from './types.ts';

const delivery = (id: string, userId: string | undefined, deliveryCount = 1): Delivery => ({
  msg: {} as JsMsg,
  event: { id, type: 'quests.completed', data: { userId } } as unknown as EventEnvelope,
  meta: { subject: 'quests.completed', deliveryCount, streamSequence: 1 },
  stream: 'QUESTS',
  durable: 'identity-xp',
  maxDeliver: 10,
  ackNoReply: true,
});
const ids = (deliveries: Delivery[]) => deliveries.map((d) => d.event.id);

describe('a batch holding a redelivery', () => {
  it("when one user's event comes again, then only that user's events leave the batch, in order, and the other users' stay in it", () => {
    const batch = [
      delivery('a1', 'a'),
      delivery('b1', 'b'),
      delivery('a2', 'a', 2),
      delivery('c1', 'c'),
      delivery('a3', 'a'),
      delivery('b2', 'b'),
    ];
    const { fresh, again } = splitByKey(batch, byUser);
    expect(ids(fresh)).toEqual(['b1', 'c1', 'b2']);
    expect(ids(again)).toEqual(['a1', 'a2', 'a3']);
  });

  it('when a replayed dead letter or an event without a key comes again, then it alone leaves the batch', () => {
    const replayed = { ...delivery('b1', 'b'), replay: { recordSeq: 4, requestSeq: 9 } };
    const batch = [
      delivery('x1', undefined, 3),
      delivery('x2', undefined),
      replayed,
      delivery('c1', 'c'),
    ];
    const { fresh, again } = splitByKey(batch, byUser);
    expect(ids(fresh)).toEqual(['x2', 'c1']);
    expect(ids(again)).toEqual(['x1', 'b1']);
  });

  it('when the batch handler takes redeliveries, then only a replay leaves the batch', () => {
    const replayed = { ...delivery('b1', 'b'), replay: { recordSeq: 4, requestSeq: 9 } };
    const batch = [delivery('a1', 'a', 2), replayed, delivery('a2', 'a'), delivery('b2', 'b')];
    const { fresh, again } = splitByKey(batch, byUser, true);
    expect(ids(fresh)).toEqual(['a1', 'a2']);
    expect(ids(again)).toEqual(['b1', 'b2']);
  });

  it('when every event is a first delivery, then the whole batch stays', () => {
    const batch = [delivery('a1', 'a'), delivery('b1', 'b'), delivery('a2', 'a')];
    expect(ids(splitByKey(batch, byUser).fresh)).toEqual(['a1', 'b1', 'a2']);
  });
});

describe('held messages', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const message = () => ({ working: vi.fn() });

  it('when a message waits its turn longer than the acknowledgement wait, then the server hears it is in work every third of the wait until it is released', () => {
    vi.useFakeTimers();
    const held = new HeldMessages(ACK_WAIT_MS);
    const waiting = message();
    const done = message();
    held.hold(waiting as unknown as JsMsg);
    held.hold(done as unknown as JsMsg);
    held.release(done as unknown as JsMsg);
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(waiting.working).toHaveBeenCalledTimes(3);
    expect(done.working).not.toHaveBeenCalled();
    held.release(waiting as unknown as JsMsg);
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(waiting.working).toHaveBeenCalledTimes(3);
    expect(held.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
