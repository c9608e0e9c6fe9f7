import { describe, expect, it } from 'vitest';
import {
  emptySequenced,
  hasGap,
  receiveEvent,
  receiveSnapshot,
  type Sequenced,
} from './sequenced.ts';

// The room as a list of the events applied to it, so order and duplicates show.
type Log = Sequenced<string[], { seq: number; what: string }>;
const apply = (state: string[], event: { seq: number; what: string }) => [...state, event.what];
const ev = (seq: number) => ({ seq, what: `e${seq}` });

const feed = (log: Log, ...seqs: number[]) =>
  seqs.reduce((acc, seq) => receiveEvent(acc, ev(seq), apply), log);

describe('a room applies its events by sequence', () => {
  const start = receiveSnapshot<string[], { seq: number; what: string }>(
    emptySequenced(),
    ['snapshot@3'],
    3,
    apply,
  );

  it('when events come in order, then each is applied once', () => {
    const log = feed(start, 4, 5, 6);
    expect(log.state).toEqual(['snapshot@3', 'e4', 'e5', 'e6']);
    expect(log.seq).toBe(6);
    expect(hasGap(log)).toBe(false);
  });

  it('when a reconnection replays events already applied, then they are not applied again', () => {
    const log = feed(start, 4, 5, 4, 5, 3, 2, 6, 5);
    expect(log.state).toEqual(['snapshot@3', 'e4', 'e5', 'e6']);
  });

  it('when an event comes ahead of a missing one, then it waits and both apply in order', () => {
    const held = feed(start, 5, 6);
    expect(held.state).toEqual(['snapshot@3']);
    expect(hasGap(held)).toBe(true);
    const filled = feed(held, 4);
    expect(filled.state).toEqual(['snapshot@3', 'e4', 'e5', 'e6']);
    expect(hasGap(filled)).toBe(false);
  });

  it('when the same event is held twice, then it applies once', () => {
    expect(feed(start, 6, 6, 5, 4).state).toEqual(['snapshot@3', 'e4', 'e5', 'e6']);
  });

  it('when events arrive before the first snapshot, then the snapshot decides which still apply', () => {
    const early = feed(emptySequenced(), 2, 3, 4);
    expect(early.state).toBeNull();
    const log = receiveSnapshot(early, ['snapshot@3'], 3, apply);
    expect(log.state).toEqual(['snapshot@3', 'e4']);
    expect(log.seq).toBe(4);
  });

  it('when a gap is covered by a fresh snapshot, then the held events after it apply', () => {
    const held = feed(start, 4, 7, 8);
    const log = receiveSnapshot(held, ['snapshot@6'], 6, apply);
    expect(log.state).toEqual(['snapshot@6', 'e7', 'e8']);
    expect(hasGap(log)).toBe(false);
  });

  it('when a snapshot older than the applied events arrives late, then it is ignored', () => {
    const log = feed(start, 4, 5);
    expect(receiveSnapshot(log, ['stale@4'], 4, apply)).toBe(log);
  });
});
