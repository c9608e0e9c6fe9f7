import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Types, type Collection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STORAGE_QUOTAS, apiPath } from '@levelup/contracts';
import { lifeTaskModels } from '../src/life-tasks/models.ts';
import { questsModels } from '../src/quests/models.ts';
import { seriesModel } from '../src/series/models.ts';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

// What one member may keep in svc-quests (STORAGE_QUOTAS): past a quota a create or an import is 409
// naming the limit, and nothing is written.

let quests: QuestsHarness;
beforeAll(async () => {
  quests = await startQuests();
});
afterAll(async () => {
  await quests?.stop();
});

/** Stores copies of a document the member made through the API until they keep `count` like it. */
async function fillTo(collection: Collection, id: string, count: number) {
  const stored = await collection.findOne({ _id: new Types.ObjectId(id) });
  const copies = Array.from({ length: count - 1 }, (_, i) => ({
    ...stored,
    _id: new Types.ObjectId(),
    title: `${String(stored?.title)} ${i + 2}`,
    outbox: [],
  }));
  for (let i = 0; i < copies.length; i += 500)
    await collection.insertMany(copies.slice(i, i + 500));
}

const refusedWith = (body: unknown, message: string) =>
  expect(body).toMatchObject({ error: { code: 'QUOTA_REACHED', message } });

describe('storage quotas in svc-quests', () => {
  it('when a member keeps the most life tasks allowed, then one more is 409 naming the limit and nothing is written', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const first = await me('POST', '/api/life-tasks', { title: 'Water plants' });
    expect(first.status).toBe(201);
    const { LifeTask } = lifeTaskModels(quests.deps.db);
    const { max } = STORAGE_QUOTAS.lifeTasks;
    await fillTo(LifeTask.collection, first.body.id, max);

    const refused = await me('POST', '/api/life-tasks', { title: 'One too many' });
    expect(refused.status).toBe(409);
    refusedWith(
      refused.body,
      `You have reached the limit of ${max} life tasks; delete some to add more.`,
    );
    expect(await LifeTask.countDocuments({ userId })).toBe(max);

    expect((await me('DELETE', `/api/life-tasks/${first.body.id}`)).status).toBeLessThan(300);
    expect((await me('POST', '/api/life-tasks', { title: 'Room again' })).status).toBe(201);
  });

  it('when a member keeps the most active quests and series allowed, then one more quest or series is 409, and completing one makes room', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const series = await me('POST', '/api/quests/recurring', newQuest({ recurrenceType: 'daily' }));
    expect(series.status).toBe(201);
    const first = await me('POST', '/api/quests', newQuest());
    expect(first.status).toBe(201);
    const { Quest } = questsModels(quests.deps.db);
    const { max } = STORAGE_QUOTAS.activeQuests;
    // One series and max - 1 one-off quests.
    await fillTo(Quest.collection, first.body.id, max - 1);
    const message = `You have reached the limit of ${max} active quests and series; complete or delete some to add more.`;

    const quest = await me('POST', '/api/quests', newQuest({ title: 'One too many' }));
    expect(quest.status).toBe(409);
    refusedWith(quest.body, message);
    const recurring = await me(
      'POST',
      '/api/quests/recurring',
      newQuest({ title: 'One too many', recurrenceType: 'daily' }),
    );
    expect(recurring.status).toBe(409);
    refusedWith(recurring.body, message);
    expect(await Quest.countDocuments({ userId, title: 'One too many' })).toBe(0);
    expect(await seriesModel(quests.deps.db).countDocuments({ userId })).toBe(1);

    expect((await me('POST', `/api/quests/${first.body.id}/complete`)).status).toBe(200);
    expect((await me('POST', '/api/quests', newQuest({ title: 'Room again' }))).status).toBe(201);
  });

  it('when an import would take a member past their quota, then it is 409 and nothing of the file is written', async () => {
    const userId = randomUUID();
    const me = quests.as(userId);
    const first = await me('POST', '/api/quests', newQuest());
    const { Quest } = questsModels(quests.deps.db);
    await fillTo(Quest.collection, first.body.id, STORAGE_QUOTAS.activeQuests.max - 1);
    const root = join(import.meta.dirname, 'fixtures', 'import', 'loop');
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return { name: relative(root, path), text: readFileSync(path, 'utf8') };
      });

    const imported = await me('POST', apiPath(API.runImport.path, {}), {
      source: 'loop',
      fileName: 'Loop Habits CSV 2026-03-10.zip',
      files,
    });
    expect(imported.status).toBe(409);
    expect(imported.body.error.code).toBe('QUOTA_REACHED');
    expect(await seriesModel(quests.deps.db).countDocuments({ userId })).toBe(0);
    expect(await lifeTaskModels(quests.deps.db).LifeTask.countDocuments({ userId })).toBe(0);
  });
});
