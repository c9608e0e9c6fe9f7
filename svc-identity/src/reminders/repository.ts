import { createHash } from 'node:crypto';
import {
  DEFAULT_REMINDER_SETTINGS,
  MAX_PUSH_SUBSCRIPTIONS,
  type PushSubscriptionRequest,
  type ReminderKind,
  type ReminderSettings,
  type UpdateReminderSettingsRequest,
} from '@levelup/contracts';
import type { ReminderDoc, ReminderModels } from './models.ts';

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === DUPLICATE_KEY;

/** A stable id for one user, item and occurrence (the unique key, readable in logs). */
const reminderId = (userId: string, itemId: string, occurrence: string) =>
  createHash('sha256')
    .update(`${userId}\n${itemId}\n${occurrence}`)
    .digest('base64url')
    .slice(0, 24);

export interface ScheduleInput {
  userId: string;
  kind: ReminderKind;
  itemId: string;
  occurrence: string;
  dueAt: Date;
  title: string;
}

const settingsOf = (doc: Partial<ReminderSettings> | null): ReminderSettings => ({
  quests: doc?.quests ?? DEFAULT_REMINDER_SETTINGS.quests,
  lifeTasks: doc?.lifeTasks ?? DEFAULT_REMINDER_SETTINGS.lifeTasks,
  sessions: doc?.sessions ?? DEFAULT_REMINDER_SETTINGS.sessions,
  dailyPlan: doc?.dailyPlan ?? DEFAULT_REMINDER_SETTINGS.dailyPlan,
  dailyPlanHour: doc?.dailyPlanHour ?? DEFAULT_REMINDER_SETTINGS.dailyPlanHour,
  quietHours:
    doc && 'quietHours' in doc
      ? doc.quietHours
        ? { start: doc.quietHours.start, end: doc.quietHours.end }
        : null
      : DEFAULT_REMINDER_SETTINGS.quietHours,
});

/** The browsers of each user that receive push messages. */
function pushSubscriptionStore(PushSubscription: ReminderModels['PushSubscription']) {
  return {
    /**
     * Stores a browser's subscription for this user (the same endpoint again replaces its keys and counts
     * as subscribed now). A user keeps at most `MAX_PUSH_SUBSCRIPTIONS`: the ones subscribed longest ago
     * go first. Another user's endpoint is left as it is unless the same keys come with it.
     */
    async subscribe(
      userId: string,
      subscription: PushSubscriptionRequest,
      now: Date,
    ): Promise<'stored' | 'owned-by-another'> {
      const _id = createHash('sha256').update(subscription.endpoint).digest('base64url');
      // Another user's endpoint moves only with that browser's own keys (the same browser, now signed
      // in to this account); without them the upsert finds no row it may change, and the insert it
      // falls back to meets the existing _id.
      const ownedOrProven = {
        $or: [
          { userId },
          { 'keys.p256dh': subscription.keys.p256dh, 'keys.auth': subscription.keys.auth },
        ],
      };
      try {
        await PushSubscription.updateOne(
          { _id, ...ownedOrProven },
          {
            $set: {
              userId,
              endpoint: subscription.endpoint,
              keys: subscription.keys,
              subscribedAt: now,
            },
            $setOnInsert: { createdAt: now },
          },
          { upsert: true },
        );
      } catch (error) {
        if (isDuplicateKey(error)) return 'owned-by-another';
        throw error;
      }
      const beyond = await PushSubscription.find({ userId })
        .sort({ subscribedAt: -1, createdAt: -1 })
        .skip(MAX_PUSH_SUBSCRIPTIONS)
        .select({ _id: 1 })
        .lean();
      if (beyond.length > 0) {
        await PushSubscription.deleteMany({ _id: { $in: beyond.map((row) => row._id) }, userId });
      }
      return 'stored';
    },

    /** Removes a subscription of this user (another user's endpoint is left alone). */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await PushSubscription.deleteOne({ userId, endpoint });
    },

    /** The push service said the subscription is gone (404/410): nobody receives on it any more. */
    async removeEndpoint(endpoint: string): Promise<void> {
      await PushSubscription.deleteOne({ endpoint });
    },

    subscriptionsOf(userId: string) {
      return PushSubscription.find({ userId }).lean();
    },

    countSubscriptions(userId: string): Promise<number> {
      return PushSubscription.countDocuments({ userId });
    },
  };
}

/** Each user's reminder settings (defaults for a user without a row). */
function settingsStore(
  ReminderSettings: ReminderModels['ReminderSettings'],
  Reminder: ReminderModels['Reminder'],
) {
  return {
    async settings(userId: string): Promise<ReminderSettings> {
      return settingsOf(await ReminderSettings.findById(userId).lean());
    },

    async updateSettings(
      userId: string,
      change: UpdateReminderSettingsRequest,
    ): Promise<ReminderSettings> {
      const current = settingsOf(await ReminderSettings.findById(userId).lean());
      const next = { ...current, ...change };
      await ReminderSettings.updateOne({ _id: userId }, { $set: next }, { upsert: true });
      return next;
    },

    /** The users who asked for a daily plan and have none waiting, with their hour. */
    async dailyPlansToSchedule(): Promise<Array<{ _id: string; dailyPlanHour: number }>> {
      const [wanted, waiting] = await Promise.all([
        ReminderSettings.find({ dailyPlan: true })
          .select({ _id: 1, dailyPlanHour: 1 })
          .lean<Array<{ _id: string; dailyPlanHour: number }>>(),
        Reminder.distinct('userId', {
          kind: 'daily_plan',
          status: { $in: ['pending', 'sending'] },
        }),
      ]);
      const scheduled = new Set<unknown>(waiting);
      return wanted.filter((user) => !scheduled.has(user._id));
    },
  };
}

export function remindersRepository({
  PushSubscription,
  ReminderSettings,
  Reminder,
}: ReminderModels) {
  return {
    // --- push subscriptions ---------------------------------------------------------------------
    ...pushSubscriptionStore(PushSubscription),

    // --- settings -------------------------------------------------------------------------------
    ...settingsStore(ReminderSettings, Reminder),

    // --- reminders ------------------------------------------------------------------------------

    /**
     * Schedules the reminder of one occurrence of an item, as of `eventAt`. Other pending occurrences
     * of the item go (it moved). A reminder already handled stays handled (one per item and
     * occurrence), and an event older than the last one applied to it changes nothing, so redelivered
     * and late events are harmless.
     */
    async schedule(input: ScheduleInput, eventAt: Date): Promise<void> {
      const { userId, itemId, occurrence } = input;
      await Reminder.updateMany(
        {
          userId,
          itemId,
          occurrence: { $ne: occurrence },
          status: 'pending',
          eventAt: { $lte: eventAt },
        },
        { $set: { status: 'cancelled', eventAt } },
      );
      const fields = {
        kind: input.kind,
        dueAt: input.dueAt,
        title: input.title,
        status: 'pending' as const,
        eventAt,
      };
      const updated = await Reminder.updateOne(
        {
          userId,
          itemId,
          occurrence,
          status: { $in: ['pending', 'cancelled'] },
          eventAt: { $lte: eventAt },
        },
        { $set: fields },
      );
      if (updated.matchedCount > 0) return;
      try {
        await Reminder.create({
          _id: reminderId(userId, itemId, occurrence),
          userId,
          itemId,
          occurrence,
          ...fields,
          claimedAt: null,
          handledAt: null,
        });
      } catch (error) {
        // It exists: handled already, or changed by a newer event.
        if (!isDuplicateKey(error)) throw error;
      }
    },

    /**
     * Cancels the item's pending reminders (completed, deleted, un-reminded), as of `eventAt`. `strictly`:
     * only those scheduled before that moment, so a reminder the same change scheduled for the next time
     * (a recurring task's next due date) stays, however often the completion is redelivered.
     */
    async cancel(userId: string, itemId: string, eventAt: Date, strictly = false): Promise<number> {
      const result = await Reminder.updateMany(
        {
          userId,
          itemId,
          status: 'pending',
          eventAt: strictly ? { $lt: eventAt } : { $lte: eventAt },
        },
        { $set: { status: 'cancelled', eventAt } },
      );
      return result.modifiedCount;
    },

    /** Cancels a user's pending reminders of one kind (the daily plan when its hour changes). */
    async cancelKind(userId: string, kind: ReminderKind, now: Date): Promise<void> {
      await Reminder.updateMany(
        { userId, kind, status: 'pending' },
        { $set: { status: 'cancelled', eventAt: now } },
      );
    },

    /**
     * Claims the earliest due reminder for this scheduler: one atomic update moves it from pending to
     * sending, so of two schedulers only one ever gets it. A claim older than `staleBefore` (its
     * scheduler died mid-send) may be taken again. Reminders of `busyUsers` (being delivered already)
     * are left for later, so one user's reminders never occupy more than one delivery at a time.
     */
    async claimDue(
      now: Date,
      staleBefore: Date,
      busyUsers: readonly string[] = [],
    ): Promise<ReminderDoc | null> {
      return Reminder.findOneAndUpdate(
        {
          ...(busyUsers.length > 0 ? { userId: { $nin: busyUsers } } : {}),
          $or: [
            { status: 'pending', dueAt: { $lte: now } },
            { status: 'sending', claimedAt: { $lt: staleBefore } },
          ],
        },
        { $set: { status: 'sending', claimedAt: now } },
        { sort: { dueAt: 1 }, returnDocument: 'after' },
      ).lean<ReminderDoc>();
    },

    async markHandled(id: string, status: 'sent' | 'quiet' | 'off', now: Date): Promise<void> {
      await Reminder.updateOne(
        { _id: id, status: 'sending' },
        { $set: { status, handledAt: now } },
      );
    },

    /** The in-app list: due since `since` (newest first) and still to come (soonest first). */
    async listFor(userId: string, since: Date, now: Date, limit = 50) {
      const [recent, upcoming] = await Promise.all([
        Reminder.find({
          userId,
          status: { $in: ['sent', 'quiet', 'sending'] },
          dueAt: { $gte: since, $lte: now },
        })
          .sort({ dueAt: -1 })
          .limit(limit)
          .lean<ReminderDoc[]>(),
        Reminder.find({ userId, status: 'pending' })
          .sort({ dueAt: 1 })
          .limit(limit)
          .lean<ReminderDoc[]>(),
      ]);
      return { recent, upcoming };
    },

    findByItem(userId: string, itemId: string) {
      return Reminder.find({ userId, itemId }).lean<ReminderDoc[]>();
    },
  };
}

export type RemindersRepository = ReturnType<typeof remindersRepository>;
