import type {
  PushSubscriptionRequest,
  Reminder,
  ReminderListResponse,
  UpdateReminderSettingsRequest,
} from '@levelup/contracts';
import { reminderKindEnabled, reminderTargetPath } from '@levelup/contracts';
import { AppError, conflict } from '@levelup/service-kit';
import type { ReminderDoc } from './models.ts';
import { endpointProblem, type PushEndpointPolicy } from './push-endpoint.ts';
import type { RemindersRepository } from './repository.ts';

/** How far back the in-app list shows delivered reminders. */
const RECENT_MS = 2 * 24 * 60 * 60_000;

const toReminder = (doc: ReminderDoc): Reminder => ({
  id: doc._id,
  kind: doc.kind,
  itemId: doc.itemId,
  title: doc.title,
  dueAt: doc.dueAt.toISOString(),
  status: doc.status === 'sending' ? 'pending' : (doc.status as Reminder['status']),
  url: reminderTargetPath(doc.kind, doc.itemId),
});

export function remindersService(deps: {
  reminders: RemindersRepository;
  publicKey: string | null;
  /** Which push endpoints the server may call: a subscription to any other is refused. */
  policy: PushEndpointPolicy;
  clock: () => Date;
}) {
  const { reminders, clock } = deps;
  return {
    publicKey(): string | null {
      return deps.publicKey;
    },

    async subscribe(userId: string, subscription: PushSubscriptionRequest) {
      const problem = endpointProblem(subscription.endpoint, deps.policy);
      if (problem) {
        throw new AppError('VALIDATION_FAILED', problem, 400, {
          details: [{ path: 'endpoint', message: problem }],
        });
      }
      if ((await reminders.subscribe(userId, subscription, clock())) === 'owned-by-another') {
        throw conflict(
          'This push subscription belongs to another account: subscribe again from its browser',
        );
      }
      return { subscriptions: await reminders.countSubscriptions(userId) };
    },

    async unsubscribe(userId: string, endpoint: string) {
      await reminders.unsubscribe(userId, endpoint);
      return { subscriptions: await reminders.countSubscriptions(userId) };
    },

    settings(userId: string) {
      return reminders.settings(userId);
    },

    async updateSettings(userId: string, change: UpdateReminderSettingsRequest) {
      const before = await reminders.settings(userId);
      const after = await reminders.updateSettings(userId, change);
      // A new hour (or no plan at all) drops the plan waiting for the old hour; the scheduler makes the next.
      if (!after.dailyPlan || after.dailyPlanHour !== before.dailyPlanHour) {
        await reminders.cancelKind(userId, 'daily_plan', clock());
      }
      return after;
    },

    async list(userId: string): Promise<ReminderListResponse> {
      const now = clock();
      const settings = await reminders.settings(userId);
      const { recent, upcoming } = await reminders.listFor(
        userId,
        new Date(now.getTime() - RECENT_MS),
        now,
      );
      const shown = (doc: ReminderDoc) =>
        doc.status !== 'off' && reminderKindEnabled(settings, doc.kind);
      return {
        recent: recent.filter(shown).map(toReminder),
        upcoming: upcoming.filter(shown).map(toReminder),
      };
    },
  };
}

export type RemindersService = ReturnType<typeof remindersService>;
