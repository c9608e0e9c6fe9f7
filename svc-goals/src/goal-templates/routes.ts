import { Router } from '@koa/router';
import { API } from '@levelup/contracts';
import { mount } from '@levelup/service-kit';
import type { GoalTemplatesService } from './goal-templates.service.ts';

/** The goal templates, all or one theme's (an unknown theme is 400). */
export function goalTemplatesRouter(deps: { templates: GoalTemplatesService }): Router {
  const router = new Router();
  mount(router, API.listGoalTemplates, () => deps.templates.list());
  mount(router, API.listGoalTemplatesByTheme, ({ params }) => deps.templates.list(params.theme));
  return router;
}
