import { Router } from '@koa/router';
import { goalTemplateThemeParamsSchema } from '@levelup/contracts';
import type { GoalTemplatesService } from './goal-templates.service.ts';

/** GET /api/goal-templates and /api/goal-templates/{theme} (an unknown theme is 400). */
export function goalTemplatesRouter(deps: { templates: GoalTemplatesService }): Router {
  const router = new Router();

  router.get('/api/goal-templates', async (ctx) => {
    ctx.body = await deps.templates.list();
  });

  router.get('/api/goal-templates/:theme', async (ctx) => {
    const { theme } = goalTemplateThemeParamsSchema.parse(ctx.params);
    ctx.body = await deps.templates.list(theme);
  });

  return router;
}
