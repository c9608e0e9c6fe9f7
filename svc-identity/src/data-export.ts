import { dataExportRouter } from '@levelup/service-kit';
import { DATA_EXPORT_PATHS } from '@levelup/contracts';
import type { Middleware } from 'koa';
import type { IdentityModels } from './users/models.ts';

/**
 * GET /api/user/export (issue 12): the account and every XP change of the user. The password hash and
 * the bookkeeping of XP application stay here; sessions are credentials, not data to carry away.
 */
export function identityDataExport(models: IdentityModels, signedIn: Middleware) {
  return dataExportRouter({
    path: DATA_EXPORT_PATHS.identity,
    signedIn,
    collections: (userId) => ({
      profile: {
        model: models.User,
        filter: { _id: userId },
        omit: ['passwordHash', 'usernameKey', 'xpApplying', 'xpRecent', 'xpVersion'],
      },
      xpHistory: { model: models.XpLedger, filter: { userId } },
    }),
  });
}
