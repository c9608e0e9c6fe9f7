import { z } from 'zod';
import { shareCompletionsSchema } from './privacy.ts';
import { isoDateTimeSchema } from '../common/dates.ts';
import { idSchema } from '../common/ids.ts';
import { sessionSchema, type CreateSessionRequest } from './sessions.ts';

// Live body-doubling rooms: one room per session at /sessions/:id. Who is in the room right now, the
// shared focus timer, each member's check-in line and check-out, and the co-focus XP bonus. Docs:
// docs/rooms.md.

// ---------------------------------------------------------------------------------------------------
// Presence and the stream's timing

/** The server sends a heartbeat on every room stream this often, and the client pings this often. */
export const ROOM_HEARTBEAT_MS = 5_000;
/** A member whose last ping (or stream open) is older than this is gone from the room. */
export const ROOM_PRESENCE_TIMEOUT_MS = 15_000;
/** How often each service instance sweeps expired presence. Gone after at most timeout + sweep. */
export const ROOM_PRESENCE_SWEEP_MS = 2_000;
/** The `retry:` the stream announces: how long EventSource waits before reconnecting. */
export const ROOM_STREAM_RETRY_MS = 2_000;

// ---------------------------------------------------------------------------------------------------
// The shared focus timer

/** The last minutes of every session are the break: time to check out and say how it went. */
export const ROOM_BREAK_MINUTES = 5;
/** Focus lengths offered by Start now (quick match); a session is the focus block plus the break. */
export const QUICK_MATCH_FOCUS_MINUTES = [25, 50, 75] as const;
export type QuickMatchFocusMinutes = (typeof QUICK_MATCH_FOCUS_MINUTES)[number];
/** The default focus length of Start now. */
export const QUICK_MATCH_DEFAULT_FOCUS_MINUTES: QuickMatchFocusMinutes = 25;
/** Start now joins a live session only if at least this many minutes of focus are left in it. */
export const QUICK_MATCH_MIN_FOCUS_LEFT_MINUTES = 10;
/**
 * Start now joins a live session only when the focus it has left is about the chosen length: within
 * this many minutes of it (25 chosen: 15 to 35 minutes left), so a 25-minute choice never lands in a
 * 50-minute block that just began.
 */
export const QUICK_MATCH_FOCUS_TOLERANCE_MINUTES = 10;

/** What Start now does with the chosen length, said beside it. */
export const quickMatchHint = (focusMinutes: number) =>
  `Joins a live session with about ${focusMinutes} minutes of focus left, or starts one.`;

/** How far a session's focus left is from the chosen length, in minutes; null when too far to join. */
export function quickMatchDistance(focusLeftMs: number, focusMinutes: number): number | null {
  const leftMinutes = focusLeftMs / 60_000;
  if (leftMinutes < QUICK_MATCH_MIN_FOCUS_LEFT_MINUTES) return null;
  const distance = Math.abs(leftMinutes - focusMinutes);
  return distance <= QUICK_MATCH_FOCUS_TOLERANCE_MINUTES ? distance : null;
}

/**
 * The session Start now opens when there is none to join: `focusMinutes` of focus from `now`, then the
 * break, open to six.
 */
export function quickMatchSessionRequest(now: Date, focusMinutes: number): CreateSessionRequest {
  return {
    title: `${focusMinutes}-minute focus session`,
    description: 'Drop in, say what you are working on, and work alongside each other.',
    startTime: now.toISOString(),
    duration: focusMinutes + ROOM_BREAK_MINUTES,
    maxParticipants: 6,
    category: 'focus',
  };
}

/** The timer every screen shows: instants from the session's start and length, the same everywhere. */
export const roomTimerSchema = z.object({
  startsAt: isoDateTimeSchema,
  /** When focus ends and the break starts (equal to endsAt for sessions too short for a break). */
  breakAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  focusMinutes: z.number().int().min(0),
  breakMinutes: z.number().int().min(0),
});
export type RoomTimer = z.infer<typeof roomTimerSchema>;

/** A session of `durationMinutes` from `start`: focus, then the last ROOM_BREAK_MINUTES as the break. */
export function roomTimerOf(start: Date, durationMinutes: number): RoomTimer {
  const breakMinutes = durationMinutes > 2 * ROOM_BREAK_MINUTES ? ROOM_BREAK_MINUTES : 0;
  const focusMinutes = durationMinutes - breakMinutes;
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
  return {
    startsAt: start.toISOString(),
    breakAt: at(focusMinutes),
    endsAt: at(durationMinutes),
    focusMinutes,
    breakMinutes,
  };
}

export const ROOM_TIMER_PHASES = ['upcoming', 'focus', 'break', 'over'] as const;
export type RoomTimerPhase = (typeof ROOM_TIMER_PHASES)[number];

/**
 * Where the timer is at `nowMs` and the milliseconds left in that phase (until start when upcoming, 0
 * when over). Clients pass their clock corrected by the server offset: Date.now() + offsetMs, where
 * offsetMs = serverTime - local time at receipt (see roomClockOffsetMs).
 */
export function roomTimerPhase(
  timer: RoomTimer,
  nowMs: number,
): { phase: RoomTimerPhase; msLeft: number } {
  const start = Date.parse(timer.startsAt);
  const breakAt = Date.parse(timer.breakAt);
  const end = Date.parse(timer.endsAt);
  if (nowMs < start) return { phase: 'upcoming', msLeft: start - nowMs };
  if (nowMs < breakAt) return { phase: 'focus', msLeft: breakAt - nowMs };
  if (nowMs < end) return { phase: 'break', msLeft: end - nowMs };
  return { phase: 'over', msLeft: 0 };
}

/** The client's clock offset from one server time stamp received at local `receivedAtMs`. */
export function roomClockOffsetMs(serverTime: string, receivedAtMs: number): number {
  return Date.parse(serverTime) - receivedAtMs;
}

// ---------------------------------------------------------------------------------------------------
// Members, check-in, check-out

export const ROOM_CHECK_IN_MAX = 200;

/** "What I'll work on", optionally one of the member's quests (its id and title as the client has them). */
export const checkInRequestSchema = z.object({
  line: z
    .string({ error: 'Say what you will work on' })
    .trim()
    .min(1, 'Say what you will work on')
    .max(ROOM_CHECK_IN_MAX, `Keep it to ${ROOM_CHECK_IN_MAX} characters`),
  questId: idSchema.nullable().optional(),
  questTitle: z.string().trim().max(200).nullable().optional(),
});
export type CheckInRequest = z.infer<typeof checkInRequestSchema>;
export type CheckInRequestInput = z.input<typeof checkInRequestSchema>;

export const CHECK_OUT_OUTCOMES = ['done', 'partly', 'not_this_time'] as const;
export const checkOutOutcomeSchema = z.enum(CHECK_OUT_OUTCOMES);
export type CheckOutOutcome = z.infer<typeof checkOutOutcomeSchema>;
export const CHECK_OUT_OUTCOME_LABELS: Readonly<Record<CheckOutOutcome, string>> = {
  done: 'Done',
  partly: 'Partly',
  not_this_time: 'Not this time',
};

/** How it went. Completing the linked quest is a separate call (the quest's own complete operation). */
export const checkOutRequestSchema = z.object({
  outcome: z.enum(CHECK_OUT_OUTCOMES, { error: 'Choose how it went' }),
  note: z.string().trim().max(ROOM_CHECK_IN_MAX).nullable().optional(),
});
export type CheckOutRequest = z.infer<typeof checkOutRequestSchema>;

export const roomCheckInSchema = z.object({
  line: z.string(),
  questId: z.string().nullable(),
  questTitle: z.string().nullable(),
  /** A quest is linked, but its member shares completions with titles hidden (id and title are null). */
  questHidden: z.boolean().optional(),
  at: isoDateTimeSchema,
});
export type RoomCheckIn = z.infer<typeof roomCheckInSchema>;

export const roomCheckOutSchema = z.object({
  outcome: checkOutOutcomeSchema,
  note: z.string().nullable(),
  at: isoDateTimeSchema,
});
export type RoomCheckOut = z.infer<typeof roomCheckOutSchema>;

/** One member of a room as a reader sees it. */
export const roomMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  initials: z.string(),
  isHost: z.boolean(),
  /** In the room right now (an open stream with recent pings). */
  present: z.boolean(),
  /** Null before check-in, and for a member the reader muted (see `muted`). */
  checkIn: roomCheckInSchema.nullable(),
  /** Null before check-out, and for a member the reader muted. */
  checkOut: roomCheckOutSchema.nullable(),
  /** The reader muted this member: their lines are hidden from the reader. */
  muted: z.boolean(),
  isMe: z.boolean(),
});
export type RoomMember = z.infer<typeof roomMemberSchema>;

/** GET /api/sessions/:id/room: the whole room for a member (403 for anyone else). */
export const roomStateSchema = z.object({
  sessionId: z.string(),
  session: sessionSchema,
  timer: roomTimerSchema,
  /** The server's clock when answering: clients compute their offset from it. */
  serverTime: isoDateTimeSchema,
  /** The room's last event sequence number: the stream continues after it. */
  seq: z.number().int().min(0),
  /** Joined members, present or not (removed members are not listed). */
  members: z.array(roomMemberSchema),
});
export type RoomState = z.infer<typeof roomStateSchema>;

/** A room member in a path: /api/sessions/:id/room/members/:userId/... */
export const roomMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** POST /api/sessions/:id/room/ping: the stream's connection id from its `hello` event. */
export const roomPingRequestSchema = z.object({ connectionId: z.string().min(1).max(100) });

/** POST /api/sessions/:id/room/members/:userId/report: an optional reason (as for posts). */
export const reportRoomMemberRequestSchema = z
  .object({ reason: z.string().trim().max(500, 'Reason must be 500 characters or less') })
  .partial()
  .optional();

export const roomMemberReportSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string(),
  reason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type RoomMemberReport = z.infer<typeof roomMemberReportSchema>;

/** POST /api/sessions/quick-match (Start now): the focus length wanted, 25 by default. */
export const quickMatchRequestSchema = z
  .object({
    focusMinutes: z
      .union(
        QUICK_MATCH_FOCUS_MINUTES.map((m) => z.literal(m)) as unknown as [
          z.ZodLiteral<25>,
          z.ZodLiteral<50>,
          z.ZodLiteral<75>,
        ],
        { error: `Focus length must be one of ${QUICK_MATCH_FOCUS_MINUTES.join(', ')} minutes` },
      )
      .default(QUICK_MATCH_DEFAULT_FOCUS_MINUTES),
  })
  .default({ focusMinutes: QUICK_MATCH_DEFAULT_FOCUS_MINUTES });
export type QuickMatchRequestInput = z.input<typeof quickMatchRequestSchema>;

/** The session joined (created: true when none was open and a new one was started). */
export const quickMatchResponseSchema = z.object({
  session: sessionSchema,
  created: z.boolean(),
});
export type QuickMatchResponse = z.infer<typeof quickMatchResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// The room's event stream (Server-Sent Events at GET /api/sessions/:id/room/events)
//
// Every SSE message is `event: <type>` with `data:` one RoomStreamEvent as JSON. Sequenced events
// (ROOM_SEQUENCED_EVENT_TYPES) carry `seq`, given by one counter per room, and are sent with `id: <seq>`
// so EventSource's Last-Event-ID resumes after the last one seen; every instance emits them in seq
// order. `hello`, `snapshot` and `heartbeat` are not sequenced; the snapshot is sent with `id:` its
// room.seq, so a reconnect right after it resumes from there. A client applies events idempotently:
// after a snapshot it may see again an event the snapshot already includes.

const sequenced = { seq: z.number().int().min(1), at: isoDateTimeSchema };

export const roomStreamEventSchema = z.discriminatedUnion('type', [
  /** First message of every connection: the id to ping with, and the server clock. */
  z.object({
    type: z.literal('hello'),
    connectionId: z.string(),
    serverTime: isoDateTimeSchema,
    heartbeatMs: z.number().int(),
  }),
  /** The whole room: sent on connect, and on reconnect when the missed events are no longer kept. */
  z.object({ type: z.literal('snapshot'), room: roomStateSchema }),
  /** Every ROOM_HEARTBEAT_MS: keeps proxies from closing the stream and corrects the clock offset. */
  z.object({ type: z.literal('heartbeat'), serverTime: isoDateTimeSchema }),
  z.object({ type: z.literal('member_joined'), ...sequenced, member: roomMemberSchema }),
  /** Entered the room (first connection). */
  z.object({ type: z.literal('presence_joined'), ...sequenced, userId: z.string() }),
  /** Left the room: closed the last stream, or timed out (no ping for ROOM_PRESENCE_TIMEOUT_MS). */
  z.object({
    type: z.literal('presence_left'),
    ...sequenced,
    userId: z.string(),
    reason: z.enum(['left', 'timeout']),
  }),
  z.object({
    type: z.literal('checked_in'),
    ...sequenced,
    userId: z.string(),
    checkIn: roomCheckInSchema,
    /** The member's sharing choice on the server's copy, applied per reader; never sent to a stream. */
    share: shareCompletionsSchema.optional(),
  }),
  z.object({
    type: z.literal('checked_out'),
    ...sequenced,
    userId: z.string(),
    /** Null for a reader when the member shares nothing of their completions. */
    checkOut: roomCheckOutSchema.nullable(),
    share: shareCompletionsSchema.optional(),
  }),
  /** Left the session (not only the room). */
  z.object({ type: z.literal('member_left'), ...sequenced, userId: z.string() }),
  /** The host removed a member; that member's stream then ends with `ended` reason removed. */
  z.object({ type: z.literal('member_removed'), ...sequenced, userId: z.string() }),
  /** The timer moved to a new phase (focus, break, over) or the session was cancelled. */
  z.object({
    type: z.literal('timer'),
    ...sequenced,
    phase: z.enum(ROOM_TIMER_PHASES),
    timer: roomTimerSchema,
    serverTime: isoDateTimeSchema,
    /** The host cancelled the session: phase is over and every stream then ends (reason cancelled). */
    cancelled: z.boolean().optional(),
  }),
  /** The stream ends and should not reconnect: removed from the session, or it was cancelled. */
  z.object({ type: z.literal('ended'), reason: z.enum(['removed', 'cancelled', 'left']) }),
]);
export type RoomStreamEvent = z.infer<typeof roomStreamEventSchema>;
export type RoomStreamEventType = RoomStreamEvent['type'];
export type SequencedRoomEvent = Extract<RoomStreamEvent, { seq: number }>;
export const ROOM_SEQUENCED_EVENT_TYPES = [
  'member_joined',
  'presence_joined',
  'presence_left',
  'checked_in',
  'checked_out',
  'member_left',
  'member_removed',
  'timer',
] as const satisfies readonly SequencedRoomEvent['type'][];

// ---------------------------------------------------------------------------------------------------
// Co-focus bonus

/** XP for completing a quest during a body-doubling session you attended. */
export const CO_FOCUS_BONUS_XP = 10;
/** Completions up to this long after the session ends still count (the break and a little after). */
export const CO_FOCUS_GRACE_MINUTES = 15;
/** The reason the XP history shows for it. */
export const CO_FOCUS_BONUS_REASON = 'Co-focus bonus';
/** The rule as shown where XP is explained. */
export const CO_FOCUS_BONUS_RULE = `Co-focus bonus: complete a quest while you are in the room of a body-doubling session you joined (during it, or up to ${CO_FOCUS_GRACE_MINUTES} minutes after it ends while still in the room) and earn +${CO_FOCUS_BONUS_XP} XP, once per completion. Undoing the completion takes the bonus back.`;

/**
 * The co-focus bonus a completion earned (0 when none): what its Undo takes back besides the quest's
 * own XP, so the Undo can say the whole amount.
 */
export const coFocusBonusResponseSchema = z.object({
  completionEventId: z.string(),
  xp: z.number().int().min(0),
});
export type CoFocusBonusResponse = z.infer<typeof coFocusBonusResponseSchema>;

/** What an Undo really took back: the completion's own XP and the co-focus bonus it had earned. */
export function withCoFocusBonus<T extends { undone: boolean; xpDelta: number }>(
  undo: T,
  bonus: CoFocusBonusResponse | null,
): T {
  return undo.undone && bonus ? { ...undo, xpDelta: undo.xpDelta - bonus.xp } : undo;
}

/**
 * svc-community -> svc-identity: the bonus for one quest completion (awarded) or its return when that
 * completion is undone (revoked, negative xpDelta). The event id is derived from the completion event's
 * id, so a redelivered completion can only produce the same bonus event, which the ledger adds once.
 */
export const coFocusEventDataSchema = z.object({
  userId: z.string(),
  sessionId: z.string(),
  questId: z.string(),
  /** The quests.completed event this bonus is for. */
  completionEventId: z.string(),
  xpDelta: z.number().int(),
  title: z.string(),
  localDate: z.string(),
});
export type CoFocusEventData = z.infer<typeof coFocusEventDataSchema>;
