import {
  addDays,
  inQuietHours,
  localDate,
  reminderKindEnabled,
  reminderTargetPath,
  zonedParts,
  zonedTimeToInstant,
  type ReminderPushPayload,
} from '@levelup/contracts';
import type { Logger } from '@levelup/service-kit';
import type { IdentityModels } from '../users/models.ts';
import type { ReminderDoc } from './models.ts';
import type { PushSender } from './push-sender.ts';
import type { RemindersRepository } from './repository.ts';

/** A claim older than this is taken to belong to a scheduler that died mid-send. */
const CLAIM_TIMEOUT_MS = 2 * 60_000;
/** At most this many reminders per tick, so one tick never runs for long. */
const MAX_PER_TICK = 200;
/** How many reminders are delivered at once by default (each to all of its user's browsers at once). */
export const DEFAULT_REMINDER_CONCURRENCY = 8;
export const DAILY_PLAN_ITEM = 'daily-plan';

export interface ReminderScheduler {
  /** One pass: claims and delivers every due reminder, then schedules each user's next daily plan. */
  tick(): Promise<{ sent: number; quiet: number; off: number }>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

function timeInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    instant,
  );
}

/** The notification a reminder becomes. */
export function pushPayloadOf(reminder: ReminderDoc, timeZone: string): ReminderPushPayload {
  const at = timeInZone(reminder.dueAt, timeZone);
  const body = {
    quest: `Scheduled for ${at}`,
    occurrence: `Scheduled for ${at}`,
    life_task: 'Due today',
    session: `Session starts at ${at}`,
    daily_plan: 'Your quests for today are waiting',
  }[reminder.kind];
  return {
    title: reminder.title,
    body,
    url: reminderTargetPath(reminder.kind, reminder.itemId),
    tag: `${reminder.kind}:${reminder.itemId}`,
  };
}

/**
 * Delivers reminders: each due one is claimed atomically (so with several instances exactly one sends
 * it), then sent to every browser of its user unless its kind is switched off or its time falls in the
 * user's quiet hours (then it is only listed in the app). A subscription the push service calls gone is
 * removed. It also schedules each daily plan itself, for the next time the user's chosen hour comes.
 */
export function reminderScheduler(deps: {
  reminders: RemindersRepository;
  users: IdentityModels['User'];
  sender: PushSender | null;
  clock: () => Date;
  logger: Logger;
  /** Reminders delivered at once (default 8); one user's reminders take one of them at a time. */
  concurrency?: number;
}): ReminderScheduler {
  const { reminders, sender, clock, logger } = deps;
  const concurrency = Math.max(1, deps.concurrency ?? DEFAULT_REMINDER_CONCURRENCY);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function timeZoneOf(userId: string): Promise<string> {
    const user = await deps.users.findById(userId).select({ timeZone: 1 }).lean();
    return user?.timeZone ?? 'UTC';
  }

  async function scheduleDailyPlans(now: Date): Promise<void> {
    for (const { _id: userId, dailyPlanHour } of await reminders.dailyPlansToSchedule()) {
      const timeZone = await timeZoneOf(userId);
      let day = localDate(now, timeZone);
      let dueAt = zonedTimeToInstant(day, { hour: dailyPlanHour }, timeZone);
      if (dueAt.getTime() <= now.getTime()) {
        day = addDays(day, 1);
        dueAt = zonedTimeToInstant(day, { hour: dailyPlanHour }, timeZone);
      }
      await reminders.schedule(
        {
          userId,
          kind: 'daily_plan',
          itemId: DAILY_PLAN_ITEM,
          occurrence: day,
          dueAt,
          title: 'Plan your day',
        },
        now,
      );
    }
  }

  async function deliver(reminder: ReminderDoc, now: Date): Promise<'sent' | 'quiet' | 'off'> {
    const [settings, timeZone] = await Promise.all([
      reminders.settings(reminder.userId),
      timeZoneOf(reminder.userId),
    ]);
    if (!reminderKindEnabled(settings, reminder.kind)) return 'off';
    const wall = zonedParts(now, timeZone);
    if (settings.quietHours && inQuietHours(wall.hour * 60 + wall.minute, settings.quietHours)) {
      return 'quiet';
    }
    if (!sender) return 'sent';
    const payload = pushPayloadOf(reminder, timeZone);
    // Every browser at once (at most MAX_PUSH_SUBSCRIPTIONS), each send bounded by the sender's timeouts.
    const subscriptions = await reminders.subscriptionsOf(reminder.userId);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await sender.send(subscription, payload);
        if (outcome === 'gone') {
          await reminders.removeEndpoint(subscription.endpoint);
          logger.info('push subscription gone: removed', { userId: reminder.userId });
        } else if (outcome === 'refused') {
          // Not a push service this server may call (a URL or an address it now resolves to).
          await reminders.removeEndpoint(subscription.endpoint);
          logger.warn('push endpoint refused: subscription removed', { userId: reminder.userId });
        } else if (outcome === 'failed') {
          logger.warn('push not delivered', { userId: reminder.userId, reminderId: reminder._id });
        }
      }),
    );
    return 'sent';
  }

  async function tick() {
    const counts = { sent: 0, quiet: 0, off: 0 };
    const now = clock();
    const staleBefore = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
    // Users with a delivery under way: their other due reminders wait for it, not everyone else's.
    const busy = new Set<string>();
    let claimedCount = 0;
    // Claims go one after another, so each one sees the users the previous claims made busy.
    let claiming: Promise<unknown> = Promise.resolve();
    const claimNext = () => {
      const next = claiming.then(async () => {
        if (claimedCount >= MAX_PER_TICK) return null;
        const claimed = await reminders.claimDue(now, staleBefore, [...busy]);
        if (claimed) {
          claimedCount += 1;
          busy.add(claimed.userId);
        }
        return claimed;
      });
      claiming = next.catch(() => undefined);
      return next;
    };
    async function lane(): Promise<void> {
      for (;;) {
        const claimed = await claimNext();
        if (!claimed) return;
        try {
          const outcome = await deliver(claimed, now);
          await reminders.markHandled(claimed._id, outcome, clock());
          counts[outcome] += 1;
        } finally {
          busy.delete(claimed.userId);
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, lane));
    // After the due ones went: a plan due now was just sent, and the next one is tomorrow's.
    await scheduleDailyPlans(now);
    return counts;
  }

  return {
    tick,
    start(intervalMs) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        running = running
          .then(tick)
          .catch((error: unknown) => logger.error('reminder tick failed', { err: String(error) }));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
