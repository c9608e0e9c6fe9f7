import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSectionSchema } from '@levelup/contracts';
import { startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;
beforeAll(async () => {
  quests = await startQuests();
});
afterAll(async () => {
  await quests.stop();
});

describe('GET /api/quests/export', () => {
  it('when a user has quests, a series and a life task, then the export holds them all and nobody else’s', async () => {
    const ada = randomUUID();
    const as = quests.as(ada);
    const quest = await as('POST', '/api/quests', {
      title: 'Walk, then "stretch"',
      description: 'Around the block',
    });
    expect(quest.status).toBe(201);
    expect(await as('POST', `/api/quests/${quest.body.id}/toggle`)).toMatchObject({ status: 200 });
    const series = await as('POST', '/api/quests/recurring', {
      title: 'Morning pages',
      description: 'Three pages',
      recurrenceType: 'daily',
    });
    expect(series.status).toBe(201);
    expect((await as('GET', '/api/quests/recurring')).status).toBe(200);
    expect((await as('POST', '/api/life-tasks', { title: 'Renew passport' })).status).toBe(201);
    expect(
      (
        await quests.as(randomUUID())('POST', '/api/quests', {
          title: 'Not yours',
          description: 'Somebody else',
        })
      ).status,
    ).toBe(201);

    const { status, body } = await as('GET', '/api/quests/export');
    expect(status).toBe(200);
    const exported = dataExportSectionSchema.parse(body);
    expect(Object.keys(exported)).toEqual([
      'quests',
      'recurringSeries',
      'occurrences',
      'lifeTasks',
      'lifeTaskCompletions',
      'todos',
      'breakHabits',
      'breakHabitSlips',
      'importBatches',
    ]);
    expect(exported.quests).toHaveLength(1);
    expect(exported.quests![0]).toMatchObject({
      id: quest.body.id,
      userId: ada,
      title: 'Walk, then "stretch"',
      isCompleted: true,
    });
    expect(exported.recurringSeries!.map((s) => s.id)).toEqual([series.body.id]);
    expect(exported.occurrences!.length).toBeGreaterThan(0);
    expect(exported.lifeTasks!.map((t) => t.title)).toEqual(['Renew passport']);
    // Plain JSON: ISO dates, no outbox bookkeeping.
    expect(exported.quests![0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const rows of Object.values(exported))
      for (const row of rows) {
        expect(row).not.toHaveProperty('outbox');
        expect(row).not.toHaveProperty('_id');
        expect(row.userId).toBe(ada);
      }
  });

  it('when a new user asks, then every collection is there and empty', async () => {
    const { status, body } = await quests.as(randomUUID())('GET', '/api/quests/export');
    expect(status).toBe(200);
    expect(
      Object.values(dataExportSectionSchema.parse(body)).every((rows) => rows.length === 0),
    ).toBe(true);
  });

  it('when nobody is signed in, then it is refused', async () => {
    const response = await fetch(`${quests.url}/api/quests/export`);
    expect(response.status).toBe(401);
  });
});
