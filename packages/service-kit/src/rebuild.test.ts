import { describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { EVENTS, makeEvent, type EventEnvelope } from '@levelup/contracts';
import { historyOf } from './bus/subscribe.ts';
import { rebuildAndCompare, type ReadModelRebuild } from './rebuild.ts';
import type { HistoryEntry } from './bus/types.ts';

const renamed = (displayName: string) =>
  makeEvent(EVENTS.userRenamed.type, {
    userId: 'u1',
    username: 'ada',
    displayName,
  }) as EventEnvelope;

function historyBus(events: EventEnvelope[]) {
  const asked: Array<{ stream: string; filterSubject: string | undefined }> = [];
  return {
    asked,
    async *readHistory(stream: string, filterSubject?: string): AsyncGenerator<HistoryEntry> {
      asked.push({ stream, filterSubject });
      let streamSequence = 0;
      for (const event of events) {
        streamSequence += 1;
        yield { event, meta: { subject: event.type, deliveryCount: 1, streamSequence } };
      }
    },
  };
}

const live = { name: 'live' } as Connection;
const scratch = { name: 'scratch', dropDatabase: async () => true } as unknown as Connection;

describe('rebuildAndCompare with a history read as the live consumer reads it', () => {
  it('when an event does not fit its schema, then it is left out and counted, and the rest are applied as parsed', async () => {
    const broken = { ...renamed('x'), data: { userId: 'u1' } } as EventEnvelope;
    const bus = historyBus([renamed('Ada'), broken, renamed('Ada L.')]);
    const applied: string[] = [];
    const model: ReadModelRebuild = {
      name: 'names',
      sources: [historyOf([EVENTS.userRenamed])],
      async prepare() {
        return async ({ event }) => {
          applied.push((event.data as { displayName: string }).displayName);
        };
      },
      async snapshot(db) {
        return new Map(db === scratch ? [['u1', applied.at(-1) ?? '']] : [['u1', 'Ada L.']]);
      },
    };
    const report = await rebuildAndCompare(bus, model, live, scratch);
    expect(bus.asked).toEqual([{ stream: 'IDENTITY', filterSubject: 'identity.user_renamed' }]);
    expect(applied).toEqual(['Ada', 'Ada L.']);
    expect(report).toMatchObject({ events: 2, refused: 1, keys: 1, differences: [] });
  });

  it('when the scratch database is the live one, then it refuses before reading anything', async () => {
    const bus = historyBus([renamed('Ada')]);
    const model: ReadModelRebuild = {
      name: 'names',
      sources: [historyOf([EVENTS.userRenamed])],
      prepare: async () => async () => {},
      snapshot: async () => new Map(),
    };
    await expect(rebuildAndCompare(bus, model, live, live)).rejects.toThrow(/scratch database/);
    expect(bus.asked).toEqual([]);
  });
});
