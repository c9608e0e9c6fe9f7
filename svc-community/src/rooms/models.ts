import { Schema } from 'mongoose';
import type { CheckOutOutcome } from '@levelup/contracts';

/**
 * One stretch of a member's presence in a room: one stream's connection, from its opening to its end
 * (closed, left the session, removed, or swept: then its last ping plus the presence timeout). `to` is
 * null while the stream is open.
 */
export interface AttendanceSpan {
  connectionId: string;
  from: Date;
  to: Date | null;
}

/**
 * A member's part in one session's room, key `${sessionId}:${userId}`: the check-in line, the check-out,
 * when they were first in the room, and every stretch they were present (what the co-focus bonus
 * asks). The session's window is copied here so the bonus finds a member's rooms by time in one
 * indexed query.
 */
export interface RoomMemberDoc {
  _id: string;
  sessionId: string;
  userId: string;
  sessionStart: Date;
  /** The end of the session plus the co-focus grace: completions up to here count. */
  coFocusUntil: Date;
  firstPresentAt: Date | null;
  /** Each stream's stretch of presence, oldest first (absent on documents from before they were kept). */
  attendance?: AttendanceSpan[];
  checkIn: { line: string; questId: string | null; questTitle: string | null; at: Date } | null;
  checkOut: { outcome: CheckOutOutcome; note: string | null; at: Date } | null;
  removedAt: Date | null;
}

/**
 * One open room stream (key: its connection id). Kept present by the client's pings; a document whose
 * lastSeen is older than the presence timeout is swept by any instance.
 */
export interface PresenceDoc {
  _id: string;
  sessionId: string;
  userId: string;
  lastSeen: Date;
}

/** A room's sequenced event, kept a day so a reconnecting stream can resume after Last-Event-ID. */
export interface RoomEventDoc {
  _id: string;
  sessionId: string;
  seq: number;
  event: Record<string, unknown>;
  at: Date;
}

/** The one place a room's sequence numbers come from, and the timer phase last announced. */
export interface RoomCounterDoc {
  _id: string;
  seq: number;
  /** Index in ROOM_TIMER_PHASES of the last phase announced (only moves forward). */
  phaseIndex: number;
}

/** A co-focus bonus given for one quest completion (key: the completion event's id). */
export interface CoFocusAwardDoc {
  _id: string;
  userId: string;
  questId: string;
  sessionId: string;
  title: string;
  localDate: string;
  awardedAt: Date;
  /** The quests.revoked event that took it back, once one did. */
  revokedByEventId: string | null;
}

/** A member reported from a room, for the admins; key `${sessionId}:${reporterId}:${userId}`. */
export interface RoomReportDoc {
  _id: string;
  sessionId: string;
  userId: string;
  reporterId: string;
  reason: string | null;
  /** The reported member's check-in line when reported. */
  line: string | null;
  createdAt: Date;
}

export const roomMemberSchema = new Schema<RoomMemberDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    userId: { type: String, required: true },
    sessionStart: { type: Date, required: true },
    coFocusUntil: { type: Date, required: true },
    firstPresentAt: { type: Date, default: null },
    attendance: {
      type: [
        new Schema<AttendanceSpan>(
          {
            connectionId: { type: String, required: true },
            from: { type: Date, required: true },
            to: { type: Date, default: null },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    checkIn: { type: Schema.Types.Mixed, default: null },
    checkOut: { type: Schema.Types.Mixed, default: null },
    removedAt: { type: Date, default: null },
  },
  { collection: 'room_members', versionKey: false },
);
roomMemberSchema.index({ sessionId: 1 });
roomMemberSchema.index({ userId: 1, coFocusUntil: 1 });

export const presenceSchema = new Schema<PresenceDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    userId: { type: String, required: true },
    lastSeen: { type: Date, required: true },
  },
  { collection: 'room_presence', versionKey: false },
);
presenceSchema.index({ sessionId: 1, userId: 1 });
presenceSchema.index({ lastSeen: 1 });

export const roomEventSchema = new Schema<RoomEventDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    seq: { type: Number, required: true },
    event: { type: Schema.Types.Mixed, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'room_events', versionKey: false },
);
roomEventSchema.index({ sessionId: 1, seq: 1 });
roomEventSchema.index({ at: 1 }, { expireAfterSeconds: 86_400 });

export const roomCounterSchema = new Schema<RoomCounterDoc>(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true, default: 0 },
    phaseIndex: { type: Number, required: true, default: 0 },
  },
  { collection: 'room_counters', versionKey: false },
);

export const coFocusAwardSchema = new Schema<CoFocusAwardDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    questId: { type: String, required: true },
    sessionId: { type: String, required: true },
    title: { type: String, required: true },
    localDate: { type: String, required: true },
    awardedAt: { type: Date, required: true },
    revokedByEventId: { type: String, default: null },
  },
  { collection: 'co_focus_awards', versionKey: false },
);
coFocusAwardSchema.index({ userId: 1, questId: 1, awardedAt: -1 });
coFocusAwardSchema.index({ revokedByEventId: 1 });

export const roomReportSchema = new Schema<RoomReportDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    userId: { type: String, required: true },
    reporterId: { type: String, required: true },
    reason: { type: String, default: null },
    line: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'room_reports', versionKey: false },
);
roomReportSchema.index({ createdAt: -1 });
