import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';

/** What a reminder is about; each kind can be switched off in the reminder settings. */
export const REMINDER_KINDS = [
  'quest',
  'occurrence',
  'life_task',
  'session',
  'daily_plan',
] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

/** The screen a reminder's notification opens (a path of the app, same origin). */
export function reminderTargetPath(kind: ReminderKind, itemId: string): string {
  switch (kind) {
    case 'quest':
    case 'occurrence':
      return `/quests?focus=${encodeURIComponent(itemId)}`;
    case 'life_task':
      return `/dashboard?lifeTask=${encodeURIComponent(itemId)}`;
    case 'session':
      return `/sessions?session=${encodeURIComponent(itemId)}`;
    case 'daily_plan':
      return '/dashboard';
  }
}

/** Wall-clock "HH:MM" in the user's time zone. */
export const wallClockSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (00:00-23:59)');

/** Minutes after local midnight of a "HH:MM" wall-clock time. */
export function minutesOfWallClock(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether a local time of day (minutes after midnight) falls in quiet hours [start, end). A window whose
 * end is before its start runs over midnight (22:00-07:00); equal start and end is no quiet time at all.
 */
export function inQuietHours(minuteOfDay: number, quiet: { start: string; end: string }): boolean {
  const start = minutesOfWallClock(quiet.start);
  const end = minutesOfWallClock(quiet.end);
  if (start === end) return false;
  return start < end
    ? minuteOfDay >= start && minuteOfDay < end
    : minuteOfDay >= start || minuteOfDay < end;
}

export const reminderSettingsSchema = z.object({
  /** Scheduled quests and series occurrences with a time. */
  quests: z.boolean(),
  /** Life tasks on their due date. */
  lifeTasks: z.boolean(),
  /** Sessions I said "Remind Me" to. */
  sessions: z.boolean(),
  /** A daily plan at `dailyPlanHour`. */
  dailyPlan: z.boolean(),
  dailyPlanHour: z.number().int().min(0).max(23),
  /** No notification is sent in this window (the reminder still shows in the list); null: none. */
  quietHours: z.object({ start: wallClockSchema, end: wallClockSchema }).nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  quests: true,
  lifeTasks: true,
  sessions: true,
  dailyPlan: false,
  dailyPlanHour: 8,
  quietHours: { start: '22:00', end: '07:00' },
};

export const updateReminderSettingsRequestSchema = reminderSettingsSchema.partial().strict();
export type UpdateReminderSettingsRequest = z.infer<typeof updateReminderSettingsRequestSchema>;

/** The setting that switches a kind on or off. */
export function reminderKindEnabled(settings: ReminderSettings, kind: ReminderKind): boolean {
  if (kind === 'quest' || kind === 'occurrence') return settings.quests;
  if (kind === 'life_task') return settings.lifeTasks;
  if (kind === 'session') return settings.sessions;
  return settings.dailyPlan;
}

/**
 * How many browsers one user can receive reminders on. A new subscription beyond it replaces the one
 * subscribed longest ago (a browser re-subscribing counts as new), so a user never loses the device
 * they are using, and one user cannot make each reminder fan out to hundreds of endpoints.
 */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** A browser's PushSubscription as PushSubscription.toJSON() gives it (push services are HTTPS only). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'The endpoint must be an https URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const removePushSubscriptionRequestSchema = z.object({ endpoint: z.string().min(1) });

export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

export const pushStatusResponseSchema = z.object({
  /** How many browsers of this user receive notifications. */
  subscriptions: z.number().int().min(0),
});

/**
 * pending: waits for its time; sent: delivered (as a notification to each subscribed browser, and in the
 * list); quiet: its time fell in quiet hours, so it is only in the list; off: its kind is switched off.
 */
export const reminderStatusSchema = z.enum(['pending', 'sent', 'quiet', 'off']);

export const reminderSchema = z.object({
  id: z.string(),
  kind: reminderKindSchema,
  itemId: z.string(),
  title: z.string(),
  dueAt: isoDateTimeSchema,
  status: reminderStatusSchema,
  /** The screen the reminder opens. */
  url: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderListResponseSchema = z.object({
  /** Due in the last two days, newest first. */
  recent: z.array(reminderSchema),
  /** Still to come, soonest first. */
  upcoming: z.array(reminderSchema),
});
export type ReminderListResponse = z.infer<typeof reminderListResponseSchema>;

/** What the service worker receives in a push message (encrypted on the way). */
export const reminderPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One notification per item: a newer one replaces it. */
  tag: z.string(),
});
export type ReminderPushPayload = z.infer<typeof reminderPushPayloadSchema>;

// Events: the service that owns an item schedules (and cancels) its reminder through its outbox.

export const reminderScheduledEventDataSchema = z.object({
  userId: z.string(),
  kind: reminderKindSchema,
  itemId: z.string(),
  /** Which occurrence of the item (its time): one reminder per item per occurrence. */
  occurrence: z.string().min(1),
  dueAt: isoDateTimeSchema,
  title: z.string(),
});
export type ReminderScheduledEventData = z.infer<typeof reminderScheduledEventDataSchema>;

export const reminderCancelledEventDataSchema = z.object({
  userId: z.string(),
  kind: reminderKindSchema,
  itemId: z.string(),
});
export type ReminderCancelledEventData = z.infer<typeof reminderCancelledEventDataSchema>;
