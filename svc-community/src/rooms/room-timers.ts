import { ROOM_TIMER_PHASES, roomTimerOf, roomTimerPhase } from '@levelup/contracts';
import type { SessionDoc } from '../sessions/models.ts';
import type { RoomContext } from './room-context.ts';

export function phaseIndexOf(session: { startTime: Date; duration: number }, now: Date): number {
  const timer = roomTimerOf(new Date(session.startTime), session.duration);
  return ROOM_TIMER_PHASES.indexOf(roomTimerPhase(timer, now.getTime()).phase);
}

/** The rooms' timers: each open room's phase announced once as it changes, and a cancel's end. */
export function roomTimers(ctx: RoomContext) {
  const { rooms, hub, clock, emit } = ctx;
  /** Sessions' timers by id for the rooms open here (the phase check runs every second). */
  const timers = new Map<string, { startTime: Date; duration: number }>();

  return {
    /** Remembers an open room's timer for the phase check. */
    watch(session: SessionDoc): void {
      timers.set(session._id.toString(), {
        startTime: new Date(session.startTime),
        duration: session.duration,
      });
    },

    /** Announces each open room's timer phase once, when it changes (focus, break, over). */
    async announcePhases(): Promise<void> {
      const now = clock();
      for (const sessionId of hub.sessionIds()) {
        const timer = timers.get(sessionId);
        if (!timer) continue;
        const index = phaseIndexOf(timer, now);
        const seq = await rooms.advancePhase(sessionId, index);
        if (seq === null) continue;
        await emit(
          sessionId,
          {
            type: 'timer',
            phase: ROOM_TIMER_PHASES[index]!,
            timer: roomTimerOf(timer.startTime, timer.duration),
            serverTime: now.toISOString(),
          },
          seq,
        );
      }
      for (const sessionId of timers.keys()) {
        if (!hub.sessionIds().includes(sessionId)) timers.delete(sessionId);
      }
    },

    /** The host cancelled: the timer is over and every stream ends. */
    async cancelled(session: SessionDoc): Promise<void> {
      const sessionId = session._id.toString();
      const now = clock();
      const seq = (await rooms.advancePhase(sessionId, ROOM_TIMER_PHASES.length)) ?? undefined;
      await emit(
        sessionId,
        {
          type: 'timer',
          phase: 'over',
          timer: roomTimerOf(new Date(session.startTime), session.duration),
          serverTime: now.toISOString(),
          cancelled: true,
        },
        seq,
      );
    },
  };
}
export type RoomTimers = ReturnType<typeof roomTimers>;
