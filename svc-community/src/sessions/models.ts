import { Schema, type Types } from 'mongoose';
import { indexOutbox, outboxSchemaFields, type OutboxEntry } from '@levelup/service-kit';
import type { SessionCategory } from '@levelup/contracts';

/**
 * body_doubling_sessions. startTime is an instant here; the
 * participants and reminders are the members themselves, so currentParticipants is the true count.
 */
export interface SessionDoc {
  _id: Types.ObjectId;
  hostId: string;
  title: string;
  description: string | null;
  startTime: Date;
  duration: number;
  maxParticipants: number;
  participantIds: string[];
  reminderIds: string[];
  /** Members the host removed: they cannot join this session again. */
  removedIds: string[];
  category: SessionCategory;
  cancelledAt: Date | null;
  /** Set on sessions Start now created: `${focusMinutes}:${minute}` (unique). */
  quickMatchKey?: string;
  createdAt: Date;
  /** Reminder events (Remind Me, cancel) written with the change that causes them. */
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

export const sessionSchema = new Schema<SessionDoc>(
  {
    hostId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: null },
    startTime: { type: Date, required: true },
    duration: { type: Number, required: true },
    maxParticipants: { type: Number, required: true },
    participantIds: { type: [String], default: [] },
    reminderIds: { type: [String], default: [] },
    removedIds: { type: [String], default: [] },
    category: { type: String, required: true },
    cancelledAt: { type: Date, default: null },
    quickMatchKey: { type: String },
    ...outboxSchemaFields,
  },
  {
    collection: 'body_doubling_sessions',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);
sessionSchema.index({ cancelledAt: 1, startTime: 1 });
sessionSchema.index({ participantIds: 1 });
// The sessions a member hosts, counted against their quota before each create.
sessionSchema.index({ hostId: 1, startTime: 1 });
sessionSchema.index({ quickMatchKey: 1 }, { unique: true, sparse: true });
indexOutbox(sessionSchema);
