import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount, userIdOf } from '@levelup/service-kit';
import type { ImportService } from './import.service.ts';

/** Import from Habitica and Loop Habit Tracker: preview, import, the list of imports, Undo import. */
export function importRouter({ imports }: { imports: ImportService }): Router {
  const router = new Router();
  mount(router, API.previewImport, ({ ctx, body }) => imports.preview(userIdOf(ctx), body));
  mount(router, API.runImport, ({ ctx, body }) =>
    imports.run(userIdOf(ctx), body, ctx.state.requestId),
  );
  mount(router, API.listImports, ({ ctx }) => imports.list(userIdOf(ctx)));
  mount(router, API.undoImport, ({ ctx, params }) =>
    imports.undo(userIdOf(ctx), params.id, ctx.state.requestId),
  );
  return router;
}
