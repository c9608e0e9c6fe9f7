import { roomContext, type RoomsDeps } from './room-context.ts';
import { roomMemberActions } from './room-member-actions.ts';
import { roomReadModel } from './room-read-model.ts';
import { roomStreams } from './room-streams.ts';
import { roomTimers } from './room-timers.ts';

export { asSeenBy } from './room-streams.ts';

/**
 * Live rooms: state, check-in and check-out, presence, host removal, report and mute, and the stream.
 * Each part lives in its own file and shares one context (stores, clock, presence cutoff, `emit`):
 * the read model (room-read-model), what members do (room-member-actions), streams and presence
 * (room-streams) and the timer phases (room-timers).
 */
export function roomsService(deps: RoomsDeps) {
  const ctx = roomContext(deps);
  const read = roomReadModel(ctx);
  const timers = roomTimers(ctx);
  return {
    getRoom: async (userId: string, id: string) =>
      read.state(await read.access(userId, id), userId),
    coFocusBonus: read.coFocusBonus,
    ...roomMemberActions(ctx, read),
    ...roomStreams(ctx, read, timers),
    announcePhases: timers.announcePhases,
    cancelled: timers.cancelled,
    summaries: read.summaries,
  };
}
export type RoomsService = ReturnType<typeof roomsService>;
