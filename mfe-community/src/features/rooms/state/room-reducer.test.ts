import { describe, expect, it } from 'vitest';
import type { RoomStreamEvent } from '@levelup/contracts';
import { memberFixture, roomFixture } from '../../../test/fixtures.ts';
import {
  initialRoomView,
  membersInOrder,
  needsSnapshot,
  roomReducer,
  type RoomView,
} from './room-reducer.ts';

const at = new Date().toISOString();
const stream = (view: RoomView, ...events: RoomStreamEvent[]) =>
  events.reduce((acc, event) => roomReducer(acc, { type: 'stream', event }), view);
const opened = roomReducer(initialRoomView, { type: 'snapshot', room: roomFixture({ seq: 3 }) });
const member = (view: RoomView, userId: string) =>
  view.log.state?.members.find((m) => m.userId === userId);

describe('the room on screen', () => {
  it('when a member joins and enters, then they appear present; when they leave the room, away', () => {
    const grace = memberFixture({ userId: 'u2', displayName: 'Grace', present: false });
    let view = stream(
      opened,
      { type: 'member_joined', seq: 4, at, member: grace },
      { type: 'presence_joined', seq: 5, at, userId: 'u2' },
    );
    expect(member(view, 'u2')?.present).toBe(true);
    view = stream(view, { type: 'presence_left', seq: 6, at, userId: 'u2', reason: 'timeout' });
    expect(member(view, 'u2')?.present).toBe(false);
    expect(view.log.seq).toBe(6);
  });

  it("when a member's join is broadcast again, then who is me and whom I muted stay as they were", () => {
    const view = roomReducer(initialRoomView, {
      type: 'snapshot',
      room: roomFixture({
        members: [
          memberFixture({ userId: 'me', isMe: true }),
          memberFixture({ userId: 'u1', muted: true }),
        ],
      }),
    });
    const checkIn = { line: 'hidden', questId: null, questTitle: null, at };
    const after = stream(
      view,
      { type: 'member_joined', seq: 4, at, member: memberFixture({ userId: 'me', isMe: false }) },
      { type: 'member_joined', seq: 5, at, member: memberFixture({ userId: 'u1', checkIn }) },
    );
    expect(member(after, 'me')?.isMe).toBe(true);
    expect(member(after, 'u1')).toMatchObject({ muted: true, checkIn: null });
  });

  it('when a reconnection replays events, then each applies once (no duplicate member)', () => {
    const grace = memberFixture({ userId: 'u2', displayName: 'Grace' });
    const joined: RoomStreamEvent = { type: 'member_joined', seq: 4, at, member: grace };
    const left: RoomStreamEvent = {
      type: 'presence_left',
      seq: 5,
      at,
      userId: 'u2',
      reason: 'left',
    };
    const view = stream(opened, joined, left, joined, left);
    expect(view.log.state?.members.filter((m) => m.userId === 'u2')).toHaveLength(1);
    expect(member(view, 'u2')?.present).toBe(false);
  });

  it('when events arrive out of order, then they apply by sequence and a gap asks for a snapshot', () => {
    const checkIn = { line: 'Draft the report', questId: null, questTitle: null, at };
    const ahead = stream(opened, { type: 'checked_in', seq: 5, at, userId: 'u1', checkIn });
    expect(member(ahead, 'u1')?.checkIn).toBeNull();
    expect(needsSnapshot(ahead)).toBe(true);
    const filled = stream(ahead, {
      type: 'presence_left',
      seq: 4,
      at,
      userId: 'u1',
      reason: 'left',
    });
    expect(member(filled, 'u1')).toMatchObject({ present: false, checkIn });
    expect(needsSnapshot(filled)).toBe(false);
  });

  it('when a member checks in again after checking out, then the old check-out is cleared', () => {
    const checkIn = { line: 'Inbox zero', questId: 'q1', questTitle: 'Inbox', at };
    const view = stream(
      opened,
      { type: 'checked_in', seq: 4, at, userId: 'u1', checkIn },
      {
        type: 'checked_out',
        seq: 5,
        at,
        userId: 'u1',
        checkOut: { outcome: 'partly', note: null, at },
      },
    );
    expect(member(view, 'u1')?.checkOut?.outcome).toBe('partly');
    const again = stream(view, { type: 'checked_in', seq: 6, at, userId: 'u1', checkIn });
    expect(member(again, 'u1')?.checkOut).toBeNull();
  });

  it("when a muted member checks in, then this reader still doesn't see the line", () => {
    const view = roomReducer(initialRoomView, {
      type: 'snapshot',
      room: roomFixture({ members: [memberFixture({ muted: true })] }),
    });
    const after = stream(view, {
      type: 'checked_in',
      seq: 4,
      at,
      userId: 'u1',
      checkIn: { line: 'spam', questId: null, questTitle: null, at },
    });
    expect(member(after, 'u1')?.checkIn).toBeNull();
  });

  it('when the host removes a member, then they are gone; when this reader is removed, the stream ends', () => {
    const view = stream(opened, { type: 'member_removed', seq: 4, at, userId: 'u1' });
    expect(member(view, 'u1')).toBeUndefined();
    const ended = stream(view, { type: 'ended', reason: 'removed' });
    expect(ended).toMatchObject({ connection: 'ended', ended: 'removed' });
    // A late network error does not bring back "Reconnecting".
    expect(roomReducer(ended, { type: 'connection', status: 'reconnecting' }).connection).toBe(
      'ended',
    );
  });

  it('when the stream says hello, then its connection id is kept for pings; a stale snapshot changes nothing', () => {
    const view = stream(opened, {
      type: 'hello',
      connectionId: 'c-1',
      serverTime: at,
      heartbeatMs: 5000,
    });
    expect(view.connectionId).toBe('c-1');
    const later = stream(view, { type: 'presence_left', seq: 4, at, userId: 'u1', reason: 'left' });
    const stale = roomReducer(later, { type: 'snapshot', room: roomFixture({ seq: 3 }) });
    expect(member(stale, 'u1')?.present).toBe(false);
  });

  it('lists members in the room first, the host first among them, then by name', () => {
    const names = membersInOrder([
      memberFixture({ userId: 'a', displayName: 'Zoe', present: false }),
      memberFixture({ userId: 'b', displayName: 'Yan' }),
      memberFixture({ userId: 'c', displayName: 'Xia', isHost: true }),
      memberFixture({ userId: 'd', displayName: 'Abe' }),
    ]).map((m) => m.displayName);
    expect(names).toEqual(['Xia', 'Abe', 'Yan', 'Zoe']);
  });
});
