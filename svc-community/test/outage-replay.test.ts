import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, type EventEnvelope } from '@levelup/contracts';
import {
  eventually,
  identityHeaders,
  restartableService,
  type RestartableService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';

/**
 * Quest completions published while svc-community is down reach the achievements feed after
 * it returns, in order per user and exactly once. Stopping here keeps the database (a process that exits
 * keeps its data): the bus connection, consumers and HTTP server go, then come back.
 */
let service: RestartableService;

beforeAll(async () => {
  service = await restartableService({
    name: 'svc-community',
    dbBase: 'levelup_community',
    publisherName: 'svc-quests',
    createApp,
    startWorkers,
  });
});

afterAll(async () => {
  await service?.close();
});

const publish = async (...events: EventEnvelope[]) => {
  for (const event of events) await service.publisher.publish(event);
};
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

function completion(
  type: 'quests.completed' | 'quests.revoked',
  userId: string,
  questId: string,
  title: string,
  now: Date,
) {
  return makeEvent(
    type,
    {
      userId,
      questId,
      occurrenceId: null,
      seriesId: null,
      xpDelta: type === 'quests.revoked' ? -20 : 20,
      difficulty: 'easy',
      category: 'health_fitness',
      growthPath: null,
      localDate: '2026-11-22',
      title,
      completionType: type === 'quests.completed' ? 'completed' : 'not_completed',
    },
    { now },
  );
}

async function feedTitles(): Promise<string[]> {
  const response = await fetch(`${service.url()}/api/community/feed?limit=50`, {
    headers: identityHeaders(randomUUID(), {
      service: 'svc-community',
      path: '/api/community/feed?limit=50',
    }),
  });
  const items = (await response.json()) as Array<{
    questTitle: string;
    user: { username: string };
  }>;
  return items.map((item) => `${item.user.username}:${item.questTitle}`).sort();
}

describe('svc-community after an outage', () => {
  it('when completions, undos, repeats and a sign-up arrive while svc-community is down, then after it returns the feed holds each completed quest once, under its member name', async () => {
    const ada = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const tag = randomUUID().slice(0, 8);
    await service.stop();
    const doneB = completion('quests.completed', ada, b, `B ${tag}`, at(2));
    await publish(
      makeEvent('identity.user_registered', {
        userId: ada,
        username: `ada_${tag}`,
        displayName: 'Ada',
        timeZone: 'Europe/Berlin',
      }),
    );
    await publish(
      completion('quests.completed', ada, a, `A ${tag}`, at(1)),
      completion('quests.revoked', ada, a, `A ${tag}`, at(2)), // a: undone after it was done
      doneB,
      doneB, // the same event twice: one item
      completion('quests.completed', ada, c, `C ${tag}`, at(3)),
      completion('quests.revoked', ada, c, `C ${tag}`, at(4)),
      completion('quests.completed', ada, c, `C ${tag}`, at(5)), // c: done again, last
    );
    await service.start();
    // The check compares titles: Ada shares them (a new member's are hidden).
    const body = JSON.stringify({ shareCompletions: 'on' });
    const path = '/api/community/privacy';
    const shared = await fetch(`${service.url()}${path}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...identityHeaders(ada, { service: 'svc-community', path, method: 'PUT', body }),
      },
      body,
    });
    expect(shared.status).toBe(200);

    const expected = [`ada_${tag}:B ${tag}`, `ada_${tag}:C ${tag}`];
    const mine = async () => (await feedTitles()).filter((title) => title.includes(tag));
    expect(
      await eventually(mine, (titles) => JSON.stringify(titles) === JSON.stringify(expected)),
    ).toEqual(expected);

    // A second restart replays nothing twice.
    await service.stop();
    await service.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mine()).toEqual(expected);
  });
});
