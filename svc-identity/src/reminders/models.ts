import { Schema, type Connection, type Model } from 'mongoose';
import type { ReminderKind, ReminderSettings } from '@levelup/contracts';

/** One browser of one user that accepts push messages (its PushSubscription). */
export interface PushSubscriptionDoc {
  _id: string;
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: Date;
  /** When its browser last subscribed (the oldest go first past the per-user cap); absent on old rows. */
  subscribedAt?: Date;
}

/** A user's reminder settings; a user without a row has the defaults. */
export interface ReminderSettingsDoc extends ReminderSettings {
  /** The user id. */
  _id: string;
}

/**
 * pending: waits for dueAt; sending: claimed by one scheduler; sent / quiet / off: handled (delivered,
 * fell in quiet hours, kind switched off); cancelled: its item was completed, deleted or moved.
 */
export type ReminderState = 'pending' | 'sending' | 'sent' | 'quiet' | 'off' | 'cancelled';

/** One reminder per user, item and occurrence (a unique key, so redelivered events add nothing). */
export interface ReminderDoc {
  _id: string;
  userId: string;
  kind: ReminderKind;
  itemId: string;
  occurrence: string;
  dueAt: Date;
  title: string;
  status: ReminderState;
  /** When the event that last changed it happened: an older event never undoes a newer one. */
  eventAt: Date;
  claimedAt: Date | null;
  handledAt: Date | null;
}

export interface ReminderModels {
  PushSubscription: Model<PushSubscriptionDoc>;
  ReminderSettings: Model<ReminderSettingsDoc>;
  Reminder: Model<ReminderDoc>;
}

const cache = new WeakMap<Connection, ReminderModels>();

export function reminderModels(db: Connection): ReminderModels {
  const cached = cache.get(db);
  if (cached) return cached;
  const subscriptionSchema = new Schema<PushSubscriptionDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true, index: true },
      endpoint: { type: String, required: true, unique: true },
      keys: {
        p256dh: { type: String, required: true },
        auth: { type: String, required: true },
      },
      createdAt: { type: Date, required: true },
      subscribedAt: { type: Date },
    },
    { collection: 'push_subscriptions', versionKey: false },
  );
  const settingsSchema = new Schema<ReminderSettingsDoc>(
    {
      _id: { type: String, required: true },
      quests: { type: Boolean, required: true },
      lifeTasks: { type: Boolean, required: true },
      sessions: { type: Boolean, required: true },
      dailyPlan: { type: Boolean, required: true },
      dailyPlanHour: { type: Number, required: true },
      quietHours: {
        type: new Schema({ start: String, end: String }, { _id: false }),
        default: null,
      },
    },
    { collection: 'reminder_settings', versionKey: false },
  );
  settingsSchema.index({ dailyPlan: 1 });
  const reminderSchema = new Schema<ReminderDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      kind: { type: String, required: true },
      itemId: { type: String, required: true },
      occurrence: { type: String, required: true },
      dueAt: { type: Date, required: true },
      title: { type: String, required: true },
      status: { type: String, required: true },
      eventAt: { type: Date, required: true },
      claimedAt: { type: Date, default: null },
      handledAt: { type: Date, default: null },
    },
    { collection: 'reminders', versionKey: false },
  );
  reminderSchema.index({ userId: 1, itemId: 1, occurrence: 1 }, { unique: true });
  reminderSchema.index({ status: 1, dueAt: 1 });
  reminderSchema.index({ userId: 1, dueAt: 1 });
  const models: ReminderModels = {
    PushSubscription: db.model<PushSubscriptionDoc>('PushSubscription', subscriptionSchema),
    ReminderSettings: db.model<ReminderSettingsDoc>('ReminderSettings', settingsSchema),
    Reminder: db.model<ReminderDoc>('Reminder', reminderSchema),
  };
  cache.set(db, models);
  return models;
}

export async function ensureReminderIndexes(models: ReminderModels): Promise<void> {
  await Promise.all([
    models.PushSubscription.init(),
    models.ReminderSettings.init(),
    models.Reminder.init(),
  ]);
}
