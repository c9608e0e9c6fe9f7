import { API, ROOM_STREAM_RETRY_MS } from '@levelup/contracts';
import { normalisePath } from './rate-limit.ts';

/**
 * How many event streams (a live room's) may be open through this gateway: per user, per room and in
 * all. Each open stream holds a socket to its service and one to the browser for as long as the room is
 * open, so without a cap one account could hold them all. The numbers are far above what a person uses
 * (a room open in a tab or two; a room holds at most a session's members); what is over a cap is
 * refused with 429, a message naming the cap and Retry-After, and the room screen tries again by itself.
 */
export interface StreamCaps {
  perUser: number;
  perRoom: number;
  total: number;
}

export const DEFAULT_STREAM_CAPS: StreamCaps = { perUser: 4, perRoom: 200, total: 1000 };

/** The operations answered with an event stream, as path patterns ('/api/sessions/:id/room/events'). */
const STREAM_PATTERNS = Object.values(API)
  .filter((operation) => 'stream' in operation && operation.stream === 'text/event-stream')
  .map((operation) => ({
    method: operation.method,
    pattern: new RegExp(`^${operation.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`, 'i'),
  }));

/** The stream a request opens (its path as its service would match it: the room), or undefined. */
export function streamOf(method: string, path: string): string | undefined {
  const normal = normalisePath(path);
  return STREAM_PATTERNS.some((stream) => stream.method === method && stream.pattern.test(normal))
    ? normal
    : undefined;
}

export type StreamDecision =
  | { open: true; close: () => void }
  | {
      open: false;
      cap: 'per-user' | 'per-room' | 'total';
      max: number;
      retryAfterSeconds: number;
      message: string;
    };

const RETRY_AFTER_SECONDS = Math.ceil(ROOM_STREAM_RETRY_MS / 1000);

export function createStreamCaps(caps: StreamCaps = DEFAULT_STREAM_CAPS) {
  const perUser = new Map<string, number>();
  const perRoom = new Map<string, number>();
  let total = 0;

  const refused = (
    cap: 'per-user' | 'per-room' | 'total',
    max: number,
    message: string,
  ): StreamDecision => ({ open: false, cap, max, retryAfterSeconds: RETRY_AFTER_SECONDS, message });

  function add(counts: Map<string, number>, key: string, by: number) {
    const count = (counts.get(key) ?? 0) + by;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  }

  /** Counts a stream the user opens in the room, or says which cap it is over; close() gives it back. */
  function open(userId: string, room: string): StreamDecision {
    if ((perUser.get(userId) ?? 0) >= caps.perUser) {
      return refused(
        'per-user',
        caps.perUser,
        `You already have ${caps.perUser} live room connections open, the most one account may have. Close a room in another tab or window and try again.`,
      );
    }
    if ((perRoom.get(room) ?? 0) >= caps.perRoom) {
      return refused(
        'per-room',
        caps.perRoom,
        `This room already has ${caps.perRoom} live connections, the most one room may have. Please try again in a moment.`,
      );
    }
    if (total >= caps.total) {
      return refused(
        'total',
        caps.total,
        `Live rooms are full right now (${caps.total} connections). Please try again in a moment.`,
      );
    }
    add(perUser, userId, 1);
    add(perRoom, room, 1);
    total += 1;
    let closed = false;
    return {
      open: true,
      close() {
        if (closed) return;
        closed = true;
        add(perUser, userId, -1);
        add(perRoom, room, -1);
        total -= 1;
      },
    };
  }

  return { open, counts: () => ({ total, users: perUser.size, rooms: perRoom.size }) };
}

export type StreamCapsCounter = ReturnType<typeof createStreamCaps>;
