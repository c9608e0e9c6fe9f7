import { dataExportRouter } from '@levelup/service-kit';
import { API } from '@levelup/contracts';
import type { Middleware } from 'koa';
import type { ReminderModels } from './reminders/models.ts';
import type { IdentityModels } from './users/models.ts';

/**
 * Data export: the account, every XP change, the reminders and their settings. The password hash and
 * the bookkeeping of XP application stay here; sessions and push subscriptions are credentials, not
 * data to carry away.
 */
export function identityDataExport(
  models: IdentityModels & Pick<ReminderModels, 'Reminder' | 'ReminderSettings'>,
  signedIn: Middleware,
) {
  return dataExportRouter({
    operation: API.exportIdentityData,
    signedIn,
    collections: (userId) => ({
      profile: {
        model: models.User,
        filter: { _id: userId },
        omit: ['passwordHash', 'usernameKey', 'xpApplying', 'xpRecent', 'xpVersion'],
      },
      xpHistory: { model: models.XpLedger, filter: { userId } },
      reminders: {
        model: models.Reminder,
        filter: { userId },
        omit: ['eventAt', 'claimedAt'],
      },
      reminderSettings: { model: models.ReminderSettings, filter: { _id: userId } },
    }),
  });
}
