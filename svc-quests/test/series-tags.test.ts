import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUEST_TAGS_MAX,
  QUEST_TAG_MAX_LENGTH,
  seriesListResponseSchema,
  seriesSchema,
} from '@levelup/contracts';
import { newQuest, startQuests, type QuestsHarness } from './harness.ts';

let quests: QuestsHarness;

beforeAll(async () => {
  quests = await startQuests();
});
afterAll(async () => {
  await quests.stop();
});

describe('tags of a routine', () => {
  it('when a routine is made with tags and its tags are edited, then the list answers them, and an edit without tags keeps them', async () => {
    const me = quests.as(randomUUID());
    const { status, body } = await me('POST', '/api/quests/recurring', {
      ...newQuest(),
      recurrenceType: 'daily',
      tags: [' health ', 'mornings'],
    });
    expect(status).toBe(201);
    const series = seriesSchema.parse(body);
    expect(series.tags).toEqual(['health', 'mornings']);

    const edited = await me('PATCH', `/api/quests/recurring/${series.id}`, { tags: ['evenings'] });
    expect(edited.status).toBe(200);
    expect(edited.body.tags).toEqual(['evenings']);
    await me('PATCH', `/api/quests/recurring/${series.id}`, { title: 'Stretch and breathe' });
    const list = seriesListResponseSchema.parse((await me('GET', '/api/quests/recurring')).body);
    expect(list.map((s) => [s.title, s.tags])).toEqual([['Stretch and breathe', ['evenings']]]);
  });

  it('when a routine is made without tags, then it has none', async () => {
    const me = quests.as(randomUUID());
    const { body } = await me('POST', '/api/quests/recurring', {
      ...newQuest(),
      recurrenceType: 'daily',
    });
    expect(body.tags).toEqual([]);
  });

  it.each([
    [['']],
    [['x'.repeat(QUEST_TAG_MAX_LENGTH + 1)]],
    [Array.from({ length: QUEST_TAGS_MAX + 1 }, (_, i) => `t${i}`)],
  ])('when the tags are %j, then it is a 400 and nothing is made', async (tags) => {
    const me = quests.as(randomUUID());
    const { status } = await me('POST', '/api/quests/recurring', {
      ...newQuest(),
      recurrenceType: 'daily',
      tags,
    });
    expect(status).toBe(400);
    expect((await me('GET', '/api/quests/recurring')).body).toEqual([]);
  });
});
