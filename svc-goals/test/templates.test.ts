import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalTemplateListResponseSchema, goalThemeSchema } from '@levelup/contracts';
import { startGoals, type GoalsHarness } from './harness.ts';
import { createApp } from '../src/app.ts';

let service: GoalsHarness;

beforeAll(async () => {
  service = await startGoals();
});
afterAll(async () => {
  await service?.stop();
});

describe('GET /api/goal-templates', () => {
  it('when the templates are listed, then every one of the six themes has at least two', async () => {
    const { status, body } = await service.as(randomUUID())('GET', '/api/goal-templates');
    expect(status).toBe(200);
    const templates = goalTemplateListResponseSchema.parse(body);
    for (const theme of goalThemeSchema.options)
      expect(templates.filter((t) => t.theme === theme).length).toBeGreaterThanOrEqual(2);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    for (const template of templates) {
      expect(template.title.length).toBeGreaterThan(0);
      expect(template.description.length).toBeGreaterThan(0);
      expect(template.targetXp).toBeGreaterThan(0);
    }
  });

  it.each(goalThemeSchema.options)(
    'when the %s templates are asked for, then only that theme is answered',
    async (theme) => {
      const { status, body } = await service.as(randomUUID())(
        'GET',
        `/api/goal-templates/${theme}`,
      );
      expect(status).toBe(200);
      const templates = goalTemplateListResponseSchema.parse(body);
      expect(templates.length).toBeGreaterThanOrEqual(2);
      expect(templates.every((t) => t.theme === theme)).toBe(true);
    },
  );

  it.each([['wellness'], ['HEALTH'], ['%24ne']])(
    'when the theme is %s, then it is 400',
    async (theme) => {
      const { status, body } = await service.as(randomUUID())(
        'GET',
        `/api/goal-templates/${theme}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details[0].path).toBe('theme');
    },
  );

  it('when the service starts again on the same database, then the templates are not doubled and keep their ids', async () => {
    const me = service.as(randomUUID());
    const before = (await me('GET', '/api/goal-templates')).body;
    await createApp(service.deps);
    expect((await me('GET', '/api/goal-templates')).body).toEqual(before);
  });

  it('when a template is chosen, then a goal created from its fields carries them', async () => {
    const me = service.as(randomUUID());
    const [template] = goalTemplateListResponseSchema.parse(
      (await me('GET', '/api/goal-templates/health')).body,
    );
    const { status, body } = await me('POST', '/api/goals', {
      title: template?.title,
      description: template?.description,
      theme: template?.theme,
      targetXp: template?.targetXp,
      cadence: template?.cadence,
      color: template?.color,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: template?.title, theme: 'health', status: 'active' });
  });
});
