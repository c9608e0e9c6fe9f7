import { Schema, type Types } from 'mongoose';
import type { SessionCategory } from '@levelup/contracts';

/**
 * body_doubling_sessions (goals-progression-community.md section 3). startTime is an instant here; the
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
  category: SessionCategory;
  cancelledAt: Date | null;
  createdAt: Date;
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
    category: { type: String, required: true },
    cancelledAt: { type: Date, default: null },
  },
  {
    collection: 'body_doubling_sessions',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);
sessionSchema.index({ cancelledAt: 1, startTime: 1 });
