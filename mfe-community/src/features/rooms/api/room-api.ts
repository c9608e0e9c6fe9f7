import {
  API,
  roomStreamEventSchema,
  urlOf,
  type CheckInRequestInput,
  type CheckOutRequest,
  type RoomState,
  type RoomStreamEvent,
} from '@levelup/contracts';
import { call } from '@levelup/web-kit';
import { clockOffset, type OffsetSample } from '../timer/focus-timer.ts';

// The live room's calls, all from the contract's operations.

/** The room as it is now, and how far the server's clock is from this one (from the round trip). */
export async function fetchRoom(id: string): Promise<{ room: RoomState; sample: OffsetSample }> {
  const sentAt = Date.now();
  const room = await call(API.getRoom, { params: { id } });
  const receivedAt = Date.now();
  return {
    room,
    sample: {
      offsetMs: clockOffset(sentAt, receivedAt, Date.parse(room.serverTime)),
      roundTripMs: receivedAt - sentAt,
    },
  };
}

/** The room's Server-Sent Events stream (EventSource sends Last-Event-ID itself when it reconnects). */
export const roomEventsUrl = (id: string) => urlOf(API.roomEvents, { params: { id } });

/** Every message type the stream sends as its `event:` name. */
export const ROOM_STREAM_TYPES = roomStreamEventSchema.options.map(
  (option) => option.shape.type.value,
);

/** One stream message's data, or null when it is not a room event this screen knows. */
export function parseStreamEvent(data: string): RoomStreamEvent | null {
  try {
    const parsed = roomStreamEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const pingRoom = (id: string, connectionId: string) =>
  call(API.pingRoom, { params: { id }, body: { connectionId } });

export const checkIn = (id: string, body: CheckInRequestInput) =>
  call(API.checkIn, { params: { id }, body });

export const checkOut = (id: string, body: CheckOutRequest) =>
  call(API.checkOut, { params: { id }, body });

export const removeMember = (id: string, userId: string) =>
  call(API.removeRoomMember, { params: { id, userId } });

export const reportMember = (id: string, userId: string, reason?: string) =>
  call(API.reportRoomMember, { params: { id, userId }, body: reason ? { reason } : {} });

export const muteMember = (id: string, userId: string) =>
  call(API.muteRoomMember, { params: { id, userId } });

export const joinSession = (id: string) => call(API.joinSession, { params: { id } });

/** The existing quest completion: the XP, the feed and the co-focus bonus follow from it as usual. */
export const completeQuest = (id: string) => call(API.completeQuest, { params: { id } });

/** The existing completion of a routine's occurrence, with the same consequences. */
export const completeOccurrence = (id: string) => call(API.completeOccurrence, { params: { id } });
