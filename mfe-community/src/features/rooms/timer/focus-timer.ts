import { roomTimerPhase, type RoomTimer, type RoomTimerPhase } from '@levelup/contracts';

// The room's shared focus timer on screen. Every screen computes it from the same instants the server
// sends (start, break, end) and the server's clock, never from when this screen opened the room, so two
// members' timers agree however late either of them came in and however wrong their clocks are.

export interface TimerReading {
  phase: RoomTimerPhase;
  /** Milliseconds until the current phase ends (until the start while upcoming; 0 when over). */
  msLeft: number;
  /** Milliseconds until the whole session ends (0 when over). */
  sessionMsLeft: number;
}

/** Where the session stands at `serverNowMs` (this clock plus the offset: see `clockOffset`). */
export function readTimer(timer: RoomTimer, serverNowMs: number): TimerReading {
  const { phase, msLeft } = roomTimerPhase(timer, serverNowMs);
  return { phase, msLeft, sessionMsLeft: Math.max(0, Date.parse(timer.endsAt) - serverNowMs) };
}

/** 'mm:ss' (or 'h:mm:ss' from an hour), counting down: a phase with 0.2 s left reads 00:01. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/**
 * The server's clock minus this one, from one exchange: the server's time is taken to have been read
 * half-way between sending the request and receiving the answer (for a pushed message, whose sending
 * this screen did not see, pass the receipt time twice).
 */
export function clockOffset(sentAtMs: number, receivedAtMs: number, serverTimeMs: number): number {
  return serverTimeMs - (sentAtMs + receivedAtMs) / 2;
}

export interface OffsetSample {
  offsetMs: number;
  /** The exchange's round trip; a pushed message's network delay is unknown, counted as its own kind. */
  roundTripMs: number;
}

/**
 * Of several offset estimates, the one from the quickest round trip is the most exact (its error is at
 * most half its round trip); 0 with none.
 */
export function bestOffset(samples: ReadonlyArray<OffsetSample>): number {
  let best: OffsetSample | undefined;
  for (const sample of samples) if (!best || sample.roundTripMs < best.roundTripMs) best = sample;
  return best?.offsetMs ?? 0;
}

/**
 * What the live region says when the phase changes, and only then (never each second): the phase and
 * its whole minutes.
 */
export function phaseAnnouncement(reading: TimerReading): string {
  switch (reading.phase) {
    case 'upcoming':
      return `The session starts in ${spokenMinutes(reading.msLeft)}.`;
    case 'focus':
      return `Focus time: ${spokenMinutes(reading.msLeft)} to go.`;
    case 'break':
      return `Break: ${spokenMinutes(reading.msLeft)} left. Time to check out and say how it went.`;
    case 'over':
      return 'The session is over.';
  }
}

/** The timer's heading for each phase. */
export const PHASE_LABELS: Readonly<Record<RoomTimerPhase, string>> = {
  upcoming: 'Starts in',
  focus: 'Focus',
  break: 'Break',
  over: 'Session over',
};

function spokenMinutes(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
