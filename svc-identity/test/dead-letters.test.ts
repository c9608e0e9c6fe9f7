import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '@levelup/contracts';
import { metricsRegistry, type DeadLetter } from '@levelup/service-kit';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { XP_CONSUMER } from '../src/app.ts';
import { identityModels } from '../src/users/models.ts';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

let identity: IdentityHarness;
beforeAll(async () => {
  // Two deliveries before giving up, so the test does not wait out the production backoff.
  identity = await startIdentity(undefined, { maxDeliver: 2 });
});
afterAll(async () => {
  await identity.stop();
});

/** The operator command, as `npm run events -- ...` runs it, against this file's bus namespace. */
async function events(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['scripts/events.ts', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NATS_URL: identity.infra.natsUrl,
      EVENTS_NAMESPACE: identity.infra.suffix,
    },
  });
  return stdout;
}

async function deadLettered(type: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('levelup_events_dead_lettered_total')?.get();
  return (metric?.values ?? [])
    .filter((value) => value.labels.consumer === XP_CONSUMER && value.labels.type === type)
    .reduce((sum, value) => sum + value.value, 0);
}

async function xpOf(userId: string): Promise<number> {
  const { body } = await client(identity.url).request(
    'GET',
    '/api/user/profile',
    undefined,
    identityHeaders(userId, { service: 'svc-identity', path: '/api/user/profile' }),
  );
  return (body as { xp: number }).xp;
}

describe('XP events the consumer gave up on', () => {
  it('when applying an event fails past the delivery limit, then it is recorded and counted, and replaying it twice with the command after the fault is gone applies it once', async () => {
    const { body } = await client(identity.url).request('POST', '/api/auth/register', newUser());
    const userId = body.id as string;
    const { User, XpLedger } = identityModels(identity.deps.db);
    // A real fault in the database: the in-flight marker is not an array, so the XP update is refused.
    await User.collection.updateOne({ _id: userId as never }, { $set: { xpApplying: 'corrupt' } });
    const before = await deadLettered('quests.completed');
    const event = makeEvent('quests.completed', {
      userId,
      questId: randomUUID(),
      occurrenceId: null,
      seriesId: null,
      xpDelta: 40,
      difficulty: 'medium',
      category: null,
      growthPath: null,
      localDate: '2026-11-25',
      title: 'Read a chapter',
      completionType: 'completed',
    });
    await identity.deps.bus.publish(event);

    const records = await eventually(
      () => identity.deps.bus.listDeadLetters({ consumer: XP_CONSUMER, id: event.id }),
      (found: DeadLetter[]) => found.length > 0,
      20_000,
      200,
    );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      eventId: event.id,
      type: 'quests.completed',
      stream: 'QUESTS',
      consumer: XP_CONSUMER,
      service: 'svc-identity',
      reason: 'max_deliveries',
      deliveryCount: 2,
      event,
    });
    expect(records[0]!.error).toMatch(/xpApplying|array/i);
    expect(await deadLettered('quests.completed')).toBe(before + 1);
    expect(await xpOf(userId)).toBe(0);
    const listed = await events('dead-letters', 'list', '--consumer', XP_CONSUMER);
    expect(listed).toContain(event.id);
    expect(listed).toContain('max_deliveries after 2 deliveries');

    // The fault is repaired; the operator replays the record, twice at once.
    await User.collection.updateOne({ _id: userId as never }, { $set: { xpApplying: [] } });
    const outputs = await Promise.all([
      events('dead-letters', 'replay', '--consumer', `QUESTS/${XP_CONSUMER}`, '--id', event.id),
      events('dead-letters', 'replay', '--id', event.id),
    ]);
    expect(outputs.join('\n')).toContain(`replayed #${records[0]!.seq}`);

    await eventually(
      () => xpOf(userId),
      (xp) => xp === 40,
      20_000,
    );
    const left = await eventually(
      () => identity.deps.bus.listDeadLetters({ id: event.id }),
      (found) => found.length === 0,
      20_000,
      200,
    );
    // Any second replay has been handled too by now (the record goes only after a handled replay).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(left).toEqual([]);
    expect(await xpOf(userId)).toBe(40);
    expect(await XpLedger.countDocuments({ userId })).toBe(1);
    expect(await XpLedger.findById(event.id).lean()).toMatchObject({ applied: true, xpDelta: 40 });
    expect(await deadLettered('quests.completed')).toBe(before + 1);
    expect(await events('dead-letters', 'list', '--id', event.id)).toContain('no dead letters');
  }, 60_000);
});
