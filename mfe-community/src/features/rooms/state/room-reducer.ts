import type {
  RoomMember,
  RoomState,
  RoomStreamEvent,
  SequencedRoomEvent,
} from '@levelup/contracts';
import {
  emptySequenced,
  hasGap,
  receiveEvent,
  receiveSnapshot,
  type Sequenced,
} from './sequenced.ts';

// The live room on this screen: the last snapshot plus the room's events after it, applied once each in
// sequence order (see sequenced.ts), and the state of the stream itself.

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';
export type EndReason = Extract<RoomStreamEvent, { type: 'ended' }>['reason'];

export interface RoomView {
  log: Sequenced<RoomState, SequencedRoomEvent>;
  connection: ConnectionStatus;
  /** Why the stream ended for good (removed by the host, session cancelled, left). */
  ended: EndReason | null;
  /** The stream connection's id, to ping with while the room is open. */
  connectionId: string | null;
}

export const initialRoomView: RoomView = {
  log: emptySequenced(),
  connection: 'connecting',
  ended: null,
  connectionId: null,
};

export type RoomAction =
  | { type: 'stream'; event: RoomStreamEvent }
  /** A snapshot read over HTTP (on opening the room, after a reconnection, to close a gap). */
  | { type: 'snapshot'; room: RoomState }
  | { type: 'connection'; status: Exclude<ConnectionStatus, 'ended'> };

const updateMember = (
  room: RoomState,
  userId: string,
  change: (member: RoomMember) => RoomMember,
): RoomState => ({
  ...room,
  members: room.members.map((member) => (member.userId === userId ? change(member) : member)),
});

/** One room event on the room. A muted member's lines stay hidden from this reader. */
export function applyRoomEvent(room: RoomState, event: SequencedRoomEvent): RoomState {
  const next = ((): RoomState => {
    switch (event.type) {
      case 'member_joined': {
        // The event is the same for every reader: who is "me" and whom this reader muted stay as known.
        const known = room.members.find((member) => member.userId === event.member.userId);
        const muted = known?.muted ?? false;
        const joined: RoomMember = {
          ...event.member,
          isMe: known?.isMe ?? false,
          muted,
          ...(muted ? { checkIn: null, checkOut: null } : {}),
        };
        return {
          ...room,
          members: [...room.members.filter((member) => member !== known), joined],
        };
      }
      case 'presence_joined':
        return updateMember(room, event.userId, (member) => ({ ...member, present: true }));
      case 'presence_left':
        return updateMember(room, event.userId, (member) => ({ ...member, present: false }));
      case 'checked_in':
        return updateMember(room, event.userId, (member) =>
          member.muted ? member : { ...member, checkIn: event.checkIn, checkOut: null },
        );
      case 'checked_out':
        return updateMember(room, event.userId, (member) =>
          member.muted ? member : { ...member, checkOut: event.checkOut },
        );
      case 'member_left':
      case 'member_removed':
        return {
          ...room,
          members: room.members.filter((member) => member.userId !== event.userId),
        };
      case 'timer':
        return { ...room, timer: event.timer };
    }
  })();
  return { ...next, seq: event.seq };
}

export function roomReducer(view: RoomView, action: RoomAction): RoomView {
  switch (action.type) {
    case 'snapshot':
      return {
        ...view,
        log: receiveSnapshot(view.log, action.room, action.room.seq, applyRoomEvent),
      };
    case 'connection':
      return view.connection === 'ended' ? view : { ...view, connection: action.status };
    case 'stream': {
      const event = action.event;
      switch (event.type) {
        case 'hello':
          return { ...view, connectionId: event.connectionId };
        case 'heartbeat':
          return view;
        case 'snapshot':
          return {
            ...view,
            log: receiveSnapshot(view.log, event.room, event.room.seq, applyRoomEvent),
          };
        case 'ended':
          return { ...view, connection: 'ended', ended: event.reason, connectionId: null };
        default:
          return { ...view, log: receiveEvent(view.log, event, applyRoomEvent) };
      }
    }
  }
}

/** Events are held behind a missing one: read a fresh snapshot. */
export const needsSnapshot = (view: RoomView): boolean => hasGap(view.log);

/** Members in the room right now first (the host first among them), then the others, by name. */
export function membersInOrder(members: readonly RoomMember[]): RoomMember[] {
  return [...members].sort(
    (a, b) =>
      Number(b.present) - Number(a.present) ||
      Number(b.isHost) - Number(a.isHost) ||
      a.displayName.localeCompare(b.displayName),
  );
}
