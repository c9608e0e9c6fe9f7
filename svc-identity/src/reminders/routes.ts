import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { AppError, mount, userIdOf } from '@levelup/service-kit';
import { requireUser } from '../profile/routes.ts';
import type { RemindersService } from './reminders.service.ts';

/** Web Push opt-in, reminder settings and the in-app reminder list; all for the signed-in user. */
export function remindersRouter(deps: {
  reminders: RemindersService;
  identitySecret: string;
}): Router {
  const router = new Router();
  const { reminders } = deps;
  // Every reminders call sits under the list's path: all of them need a signed-in user.
  router.use(API.listReminders.path, requireUser(deps.identitySecret));

  mount(router, API.getPushPublicKey, () => {
    const publicKey = reminders.publicKey();
    if (!publicKey) {
      throw new AppError(
        'PUSH_NOT_CONFIGURED',
        'Push notifications are not set up on this server',
        503,
      );
    }
    return { publicKey };
  });
  mount(router, API.subscribePush, ({ ctx, body }) => reminders.subscribe(userIdOf(ctx), body));
  mount(router, API.unsubscribePush, ({ ctx, body }) =>
    reminders.unsubscribe(userIdOf(ctx), body.endpoint),
  );
  mount(router, API.getReminderSettings, ({ ctx }) => reminders.settings(userIdOf(ctx)));
  mount(router, API.updateReminderSettings, ({ ctx, body }) =>
    reminders.updateSettings(userIdOf(ctx), body),
  );
  mount(router, API.listReminders, ({ ctx }) => reminders.list(userIdOf(ctx)));
  return router;
}
