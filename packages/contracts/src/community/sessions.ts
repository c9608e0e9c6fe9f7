import { z } from 'zod';
import { sessionCategorySchema } from './enums.ts';

// Body-doubling sessions. They live on the server and isActive follows the clock, not a stored flag: a
// session is live from its start for its duration.

export const SESSION_CATEGORY_LABELS = {
  focus: 'Deep Focus',
  organizing: 'Organizing',
  creative: 'Creative Work',
  study: 'Study Session',
} as const;

/** Bounds of the form: the sample sessions run 60 to 120 minutes for 5 to 8 people. */
export const SESSION_LIMITS = {
  minDuration: 5,
  maxDuration: 480,
  minParticipants: 2,
  maxParticipants: 50,
} as const;

/**
 * POST /api/sessions: title, description, startTime, duration, maxParticipants, category (those
 * without a default are required). startTime is an instant, so live and upcoming follow the clock.
 */
export const createSessionRequestSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'Title must be 120 characters or less'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be 1000 characters or less')
    .nullable()
    .optional(),
  startTime: z.iso.datetime({ offset: true, error: 'Start time must be a date and time' }),
  duration: z
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(
      SESSION_LIMITS.minDuration,
      `Duration must be at least ${SESSION_LIMITS.minDuration} minutes`,
    )
    .max(
      SESSION_LIMITS.maxDuration,
      `Duration must be at most ${SESSION_LIMITS.maxDuration} minutes`,
    ),
  maxParticipants: z
    .number({ error: 'Max participants must be a number' })
    .int('Max participants must be a whole number')
    .min(SESSION_LIMITS.minParticipants, `At least ${SESSION_LIMITS.minParticipants} participants`)
    .max(SESSION_LIMITS.maxParticipants, `At most ${SESSION_LIMITS.maxParticipants} participants`),
  category: z.enum(sessionCategorySchema.options, { error: 'Choose a category' }),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;
export type CreateSessionRequestInput = z.input<typeof createSessionRequestSchema>;

/** Who is in a live room right now and the time left, per session of the sessions list. */
export const roomSummarySchema = z.object({
  present: z.array(z.object({ userId: z.string(), displayName: z.string(), initials: z.string() })),
  /** Seconds until the session ends (0 when over). */
  secondsLeft: z.number().int().min(0),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  host: z.string(),
  hostInitials: z.string(),
  /** An ISO instant on the server's sessions. */
  startTime: z.string(),
  duration: z.number().int().min(1),
  maxParticipants: z.number().int().min(1),
  currentParticipants: z.number().int().min(0),
  category: sessionCategorySchema,
  /** Live now: from startTime for duration minutes. */
  isActive: z.boolean(),
  // For the reader:
  isHost: z.boolean().optional(),
  joinedByMe: z.boolean().optional(),
  remindedByMe: z.boolean().optional(),
  /** Live sessions: who is in the room right now and the time left (null when not live). */
  room: roomSummarySchema.nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListResponseSchema = z.array(sessionSchema);

/** Join Now is disabled when the session is full. */
export function isSessionFull(session: {
  currentParticipants: number;
  maxParticipants: number;
}): boolean {
  return session.currentParticipants >= session.maxParticipants;
}

/** When a session ends. */
export function sessionEnd(startTime: Date, durationMinutes: number): Date {
  return new Date(startTime.getTime() + durationMinutes * 60_000);
}

/** Live from its start for its duration; before that upcoming; after that over. */
export function sessionPhase(
  startTime: Date,
  durationMinutes: number,
  now: Date,
): 'upcoming' | 'live' | 'over' {
  if (now < startTime) return 'upcoming';
  return now < sessionEnd(startTime, durationMinutes) ? 'live' : 'over';
}

/** The page's two lists: Live Sessions and Upcoming Sessions. */
export function splitSessions<T extends { isActive: boolean }>(
  sessions: readonly T[],
): { live: T[]; upcoming: T[] } {
  return {
    live: sessions.filter((s) => s.isActive),
    upcoming: sessions.filter((s) => !s.isActive),
  };
}
