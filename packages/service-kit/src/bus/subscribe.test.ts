import { describe, expect, it } from 'vitest';
import { EVENTS, makeEvent, type EventEnvelope } from '@levelup/contracts';
import { handleAll, subscribe, subscription } from './subscribe.ts';
import type { ConsumeSpec, EventMeta } from './types.ts';

const meta: EventMeta = { subject: 'x', deliveryCount: 1, streamSequence: 1 };
const renamed = makeEvent(EVENTS.userRenamed.type, {
  userId: 'u1',
  username: 'ada',
  displayName: 'Ada',
}) as EventEnvelope;
const sessionRevoked = makeEvent(EVENTS.sessionRevoked.type, {
  userId: 'u1',
  reason: 'sign_out',
}) as EventEnvelope;

describe('subscription: a consumer derived from the EVENTS table', () => {
  it('when handlers are given by event, then the stream, the filter and the schemas follow from the table', () => {
    const sub = subscription(
      handleAll([EVENTS.userRegistered, EVENTS.userRenamed], async () => {}),
    );
    expect(sub.stream).toBe('IDENTITY');
    expect(sub.filterSubject).toBe('identity.>');
    expect(sub.schemaFor(EVENTS.userRenamed.type)).toBe(EVENTS.userRenamed.schema);
    // Delivered by the wildcard but not followed: the envelope's schema, and no handler.
    expect(sub.schemaFor(EVENTS.sessionRevoked.type)).toBeUndefined();
  });

  it("when an event comes, then only its type's handler gets it; one the consumer does not follow passes by", async () => {
    const seen: string[] = [];
    const sub = subscription({
      [EVENTS.userRenamed.type]: async (event) => {
        seen.push(`renamed ${event.data.displayName}`);
      },
      [EVENTS.userRegistered.type]: async () => {
        seen.push('registered');
      },
    });
    await sub.handler(renamed, meta);
    await sub.handler(sessionRevoked, meta);
    expect(seen).toEqual(['renamed Ada']);
  });

  it('when a handler names a type outside the table, or events of two streams, then it refuses at start', () => {
    expect(() => subscription({ ['quests.nope' as never]: async () => {} })).toThrow(
      /no event 'quests.nope'/,
    );
    expect(() =>
      subscription(handleAll([EVENTS.questCompleted, EVENTS.goalProgressed], async () => {})),
    ).toThrow(/several streams/);
  });

  it('when subscribing, then the bus is asked for the derived consumer with the options given', async () => {
    const specs: ConsumeSpec[] = [];
    const handle = { stop: async () => {} };
    const bus = {
      consume: async (spec: ConsumeSpec) => {
        specs.push(spec);
        return handle;
      },
    };
    const got = await subscribe(bus, {
      durable: 'svc-test',
      on: { [EVENTS.goalProgressed.type]: async () => {} },
      idempotent: true,
    });
    expect(got).toBe(handle);
    expect(specs[0]).toMatchObject({
      durable: 'svc-test',
      stream: 'GOALS',
      filterSubject: 'goals.progressed',
      idempotent: true,
    });
    expect(specs[0]?.schemaFor?.(EVENTS.goalProgressed.type)).toBe(EVENTS.goalProgressed.schema);
  });
});
