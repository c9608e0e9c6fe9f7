import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { makeEvent, type QuestXpEventData } from '@levelup/contracts';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { createLogger } from '@levelup/service-kit';
import { identityModels } from '../src/users/models.ts';
import {
  reconcileLegacyUsers,
  reconcileUserXp,
  XP_RECENT_WINDOW,
  xpBatchHandler,
  xpEventHandler,
} from '../src/xp/apply-xp-event.ts';
import { client, newUser, startIdentity, type IdentityHarness } from './harness.ts';

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

function questEvent(
  type: 'quests.completed' | 'quests.revoked',
  userId: string,
  xpDelta: number,
  questId = randomUUID(),
) {
  const data: QuestXpEventData = {
    userId,
    questId,
    occurrenceId: null,
    seriesId: null,
    xpDelta,
    difficulty: 'easy',
    category: null,
    growthPath: null,
    localDate: '2026-11-22',
    title: 'Morning stretch',
    completionType: type === 'quests.completed' ? 'completed' : 'not_completed',
  };
  return makeEvent(type, data);
}

async function signUp() {
  const { body } = await client(identity.url).request('POST', '/api/auth/register', newUser());
  return body.id as string;
}

async function profileOf(userId: string) {
  const { body } = await client(identity.url).request(
    'GET',
    '/api/user/profile',
    undefined,
    identityHeaders(userId, { service: 'svc-identity', path: '/api/user/profile' }),
  );
  return body as { xp: number; level: number; xpIntoLevel: number; levelProgressPercent: number };
}

/** Waits until the XP stops at `xp`, then keeps watching briefly so a late double count would show. */
async function settledXp(userId: string, xp: number) {
  await eventually(
    () => profileOf(userId),
    (p) => p.xp === xp,
  );
  await new Promise((resolve) => setTimeout(resolve, 400));
  return profileOf(userId);
}

describe('quest XP events', () => {
  it('when quest completions arrive, then XP is their total and the level follows n*100 per level', async () => {
    const userId = await signUp();
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 250));
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 100));
    const profile = await settledXp(userId, 350);
    expect(profile).toMatchObject({
      xp: 350,
      level: 3,
      xpIntoLevel: 50,
      levelProgressPercent: expect.closeTo(16.67, 2),
    });
  });

  it('when the same event is published twice, then JetStream drops the copy and XP counts it once', async () => {
    const userId = await signUp();
    const event = questEvent('quests.completed', userId, 40);
    await identity.deps.bus.publish(event);
    const again = await identity.deps.bus.publish(event);
    expect(again.duplicate).toBe(true);
    expect((await settledXp(userId, 40)).xp).toBe(40);
  });

  it('when an event is redelivered past the de-duplication (another message id), then it is applied once', async () => {
    const userId = await signUp();
    const event = questEvent('quests.completed', userId, 30);
    const js = jetstream(identity.deps.bus.connection);
    const subject = `${identity.infra.suffix}.${event.type}`;
    await js.publish(subject, JSON.stringify(event), { msgID: randomUUID() });
    await js.publish(subject, JSON.stringify(event), { msgID: randomUUID() });
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 5));
    expect((await settledXp(userId, 35)).xp).toBe(35);
  });

  it('when a completion is revoked, then its XP is taken back', async () => {
    const userId = await signUp();
    const questId = randomUUID();
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 120, questId));
    await settledXp(userId, 120);
    await identity.deps.bus.publish(questEvent('quests.revoked', userId, -120, questId));
    expect(await settledXp(userId, 0)).toMatchObject({ xp: 0, level: 1 });
  });

  it('when a revocation arrives before its completion, then XP never shows below 0 and ends right', async () => {
    const userId = await signUp();
    const questId = randomUUID();
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 10));
    await settledXp(userId, 10);
    await identity.deps.bus.publish(questEvent('quests.revoked', userId, -60, questId));
    expect((await settledXp(userId, 0)).xp).toBe(0);
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 60, questId));
    expect((await settledXp(userId, 10)).xp).toBe(10);
  });

  it('when an event is malformed, then it is dropped and later events still count', async () => {
    const userId = await signUp();
    const js = jetstream(identity.deps.bus.connection);
    await js.publish(`${identity.infra.suffix}.quests.completed`, '{"not":"an event"', {
      msgID: randomUUID(),
    });
    const broken = { ...questEvent('quests.completed', userId, 70), data: { userId } };
    await js.publish(`${identity.infra.suffix}.quests.completed`, JSON.stringify(broken), {
      msgID: randomUUID(),
    });
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 15));
    expect((await settledXp(userId, 15)).xp).toBe(15);
  });
});

describe('XP applied step by step (a crash between the steps heals on redelivery)', () => {
  const models = () => identityModels(identity.deps.db);
  const handler = () =>
    xpEventHandler(
      models(),
      createLogger('xp-test', () => undefined),
    );

  it('when the total was raised but the ledger row not yet marked, then a redelivery adds nothing', async () => {
    const userId = await signUp();
    const event = questEvent('quests.completed', userId, 80);
    const { User, XpLedger } = models();
    // The state a crash right after step 2 leaves behind.
    await XpLedger.create({
      _id: event.id,
      userId,
      xpDelta: 80,
      type: event.type,
      at: new Date(),
      applied: false,
    });
    await User.updateOne({ _id: userId }, { $inc: { xp: 80 }, $push: { xpApplying: event.id } });
    await handler()(event);
    const user = await User.findById(userId).lean();
    expect(user).toMatchObject({ xp: 80, xpApplying: [] });
    expect(await XpLedger.findById(event.id).lean()).toMatchObject({ applied: true });
  });

  it('when the ledger row was written but the total not raised, then a redelivery raises it once', async () => {
    const userId = await signUp();
    const event = questEvent('quests.completed', userId, 45);
    const { User, XpLedger } = models();
    await XpLedger.create({
      _id: event.id,
      userId,
      xpDelta: 45,
      type: event.type,
      at: new Date(),
      applied: false,
    });
    await handler()(event);
    await handler()(event);
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 45, xpApplying: [] });
  });

  it('when the same event is handled by two instances at once, then it counts once', async () => {
    const userId = await signUp();
    const event = questEvent('quests.completed', userId, 33);
    await Promise.all(Array.from({ length: 6 }, () => handler()(event)));
    expect(await models().User.findById(userId).lean()).toMatchObject({ xp: 33, xpApplying: [] });
  });

  it('when a user was stored before the incremental total, then the start-up repair rebuilds it from the ledger', async () => {
    const userId = await signUp();
    const { User, XpLedger } = models();
    // Rows of the old model have no `applied` field (the collection, not the model, so no default).
    await XpLedger.collection.insertMany([
      { _id: randomUUID(), userId, xpDelta: 70, type: 'quests.completed', at: new Date() },
      { _id: randomUUID(), userId, xpDelta: -90, type: 'quests.revoked', at: new Date() },
      { _id: randomUUID(), userId, xpDelta: 90, type: 'quests.completed', at: new Date() },
    ] as never[]);
    // The old model kept max(0, sum) with a row count and no version.
    await User.collection.updateOne(
      { _id: userId as never },
      { $set: { xp: 70, level: 1, ledgerCount: 3 }, $unset: { xpVersion: '', xpApplying: '' } },
    );
    await reconcileLegacyUsers(
      models(),
      createLogger('xp-test', () => undefined),
    );
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 70, xpVersion: 1 });
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 30));
    expect((await settledXp(userId, 100)).xp).toBe(100);
  });

  it('when the total drifted from the ledger, then a reconciliation sets it back, and not while an event is half-applied', async () => {
    const userId = await signUp();
    await identity.deps.bus.publish(questEvent('quests.completed', userId, 25));
    await settledXp(userId, 25);
    const { User } = models();
    await User.updateOne(
      { _id: userId },
      { $set: { xp: 999 }, $push: { xpApplying: 'in-flight' } },
    );
    expect(await reconcileUserXp(models(), userId)).toBe(false);
    await User.updateOne({ _id: userId }, { $pull: { xpApplying: 'in-flight' } });
    expect(await reconcileUserXp(models(), userId)).toBe(true);
    expect((await profileOf(userId)).xp).toBe(25);
  });
});

describe('XP applied a batch at a time', () => {
  const models = () => identityModels(identity.deps.db);
  const entries = (events: ReturnType<typeof questEvent>[]) =>
    events.map((event, i) => ({
      event,
      meta: { subject: event.type, deliveryCount: 1, streamSequence: i + 1 },
    }));
  const one = () =>
    xpEventHandler(
      models(),
      createLogger('xp-test', () => undefined),
    );

  it('when a user’s batch is applied, then the total moves by its sum once, with one ledger row per event, and the same events again change nothing', async () => {
    const userId = await signUp();
    const events = [
      questEvent('quests.completed', userId, 30),
      questEvent('quests.completed', userId, 50),
      questEvent('quests.revoked', userId, -30),
    ];
    const { User, XpLedger } = models();
    await xpBatchHandler(models())(entries(events));
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 50, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId, applied: true })).toBe(3);
    // Delivered again as a batch (an acknowledgement lost), then one at a time: nothing moves.
    await xpBatchHandler(models())(entries(events));
    for (const event of events) await one()(event);
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 50, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId })).toBe(3);
  });

  it('when the total was raised but the crash came before the ledger rows, then a redelivery writes the rows and adds nothing', async () => {
    const userId = await signUp();
    const events = [
      questEvent('quests.completed', userId, 20),
      questEvent('quests.completed', userId, 25),
    ];
    const { User, XpLedger } = models();
    await xpBatchHandler(models())(entries(events));
    // The state a crash between the two writes leaves behind.
    await XpLedger.deleteMany({ userId });
    for (const event of events) await one()(event);
    expect(await User.findById(userId).lean()).toMatchObject({ xp: 45, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId, applied: true })).toBe(2);
  });

  it('when the crash came between the total and the ledger rows and the user’s events then outran the recent window, then a redelivery adds nothing', async () => {
    const userId = await signUp();
    const first = [
      questEvent('quests.completed', userId, 100),
      questEvent('quests.completed', userId, 100),
    ];
    const { User, XpLedger } = models();
    // kill -9 between the batch's total and its ledger rows: the process never gets further.
    const killedBeforeRows = {
      ...models(),
      XpLedger: {
        find: XpLedger.find.bind(XpLedger),
        insertMany: () => Promise.reject(new Error('killed')),
      } as unknown as typeof XpLedger,
    };
    await expect(xpBatchHandler(killedBeforeRows)(entries(first))).rejects.toThrow('killed');
    // The restarted service handles the user's newer events first (the lost batch comes back only after
    // the acknowledgement wait), more of them than xpRecent keeps.
    const later = Array.from({ length: XP_RECENT_WINDOW + 1 }, () =>
      questEvent('quests.completed', userId, 1),
    );
    await xpBatchHandler(models())(entries(later));
    for (const event of first) await one()(event);
    expect(await User.findById(userId).lean()).toMatchObject({
      xp: 200 + XP_RECENT_WINDOW + 1,
      xpApplying: [],
    });
    expect(await XpLedger.countDocuments({ userId, applied: true })).toBe(XP_RECENT_WINDOW + 3);
  });

  it('when a busy user’s batch is delivered again after more than the recent window of events, then it still counts once', async () => {
    const userId = await signUp();
    const first = [questEvent('quests.completed', userId, 100)];
    await xpBatchHandler(models())(entries(first));
    // More events than xpRecent keeps, so the first id has left the window.
    const later = Array.from({ length: XP_RECENT_WINDOW + 1 }, () =>
      questEvent('quests.completed', userId, 1),
    );
    await xpBatchHandler(models())(entries(later));
    // The first batch again (an acknowledgement lost in a crash), in a batch and one at a time: nothing moves.
    await xpBatchHandler(models())(entries(first));
    await one()(first[0]!);
    expect(await models().User.findById(userId).lean()).toMatchObject({
      xp: 100 + XP_RECENT_WINDOW + 1,
    });
  });

  it('when an event applied one at a time comes again in a batch, then the batch applies the others and it counts once', async () => {
    const userId = await signUp();
    const first = questEvent('quests.completed', userId, 10);
    const second = questEvent('quests.completed', userId, 12);
    await one()(first);
    await xpBatchHandler(models())(entries([first, second]));
    expect(await models().User.findById(userId).lean()).toMatchObject({ xp: 22, xpApplying: [] });
    await one()(first);
    await one()(second);
    expect(await models().User.findById(userId).lean()).toMatchObject({ xp: 22 });
    expect(await models().XpLedger.countDocuments({ userId, applied: true })).toBe(2);
  });

  it('when a batch comes again after a crash before the markers were cleared, then several users’ applied events are skipped, their markers cleared, and the new ones added once', async () => {
    const users = [await signUp(), await signUp()];
    const old = users.map((userId) => questEvent('quests.completed', userId, 40));
    await xpBatchHandler(models())(entries(old));
    const { User, XpLedger } = models();
    // The state a crash between the ledger rows and the markers' removal leaves behind.
    for (const [i, userId] of users.entries())
      await User.updateOne({ _id: userId }, { $push: { xpApplying: old[i]!.id } });
    const fresh = users.map((userId) => questEvent('quests.completed', userId, 5));
    await xpBatchHandler(models())(entries([old[0]!, fresh[0]!, old[1]!, fresh[1]!]));
    for (const userId of users)
      expect(await User.findById(userId).lean()).toMatchObject({ xp: 45, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId: { $in: users }, applied: true })).toBe(4);
  });

  it('when an event of a batch is in the ledger but not yet applied, then the batch is refused and one at a time it counts once', async () => {
    const userId = await signUp();
    const first = questEvent('quests.completed', userId, 10);
    const second = questEvent('quests.completed', userId, 12);
    // Step 1 of the one-at-a-time path only: the row, not yet applied (a crash, or another instance).
    await models().XpLedger.create({
      _id: first.id,
      userId,
      xpDelta: 10,
      type: first.type,
      at: new Date(first.occurredAt),
      applied: false,
      source: 'quest',
      title: 'Drink water',
      localDate: '2026-11-22',
    });
    await expect(xpBatchHandler(models())(entries([first, second]))).rejects.toThrow(
      /already applied/,
    );
    expect(await models().User.findById(userId).lean()).toMatchObject({ xp: 0 });
    await one()(first);
    await one()(second);
    expect(await models().User.findById(userId).lean()).toMatchObject({ xp: 22, xpApplying: [] });
  });

  it('when a batch holds several users’ events, then each total moves by its own sum once, with one ledger row per event', async () => {
    const users = [await signUp(), await signUp(), await signUp()];
    const events = users.flatMap((userId, u) => [
      questEvent('quests.completed', userId, 10 + u),
      questEvent('quests.completed', userId, 20 + u),
    ]);
    // Interleaved as a pull across users delivers them: each user's in stream order.
    const interleaved = [0, 2, 4, 1, 3, 5].map((i) => events[i]!);
    const { User, XpLedger } = models();
    await xpBatchHandler(models())(entries(interleaved));
    for (const [u, userId] of users.entries())
      expect(await User.findById(userId).lean()).toMatchObject({ xp: 30 + 2 * u, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId: { $in: users }, applied: true })).toBe(6);
    // The same batch again, then one at a time: nothing moves.
    await xpBatchHandler(models())(entries(interleaved));
    for (const event of interleaved) await one()(event);
    for (const [u, userId] of users.entries())
      expect(await User.findById(userId).lean()).toMatchObject({ xp: 30 + 2 * u, xpApplying: [] });
  });

  it('when one user of a batch is unknown, then the batch is refused after raising the others, and one at a time each known total still moves once', async () => {
    const known = [await signUp(), await signUp()];
    const events = [
      questEvent('quests.completed', known[0]!, 40),
      questEvent('quests.completed', 'no-such-user', 15),
      questEvent('quests.completed', known[1]!, 25),
    ];
    const { User, XpLedger } = models();
    await expect(xpBatchHandler(models())(entries(events))).rejects.toThrow(/unknown/);
    // The known users were raised by the bulk write, their ids kept in xpApplying.
    expect(await User.findById(known[0]).lean()).toMatchObject({ xp: 40 });
    for (const event of events) await one()(event);
    expect(await User.findById(known[0]).lean()).toMatchObject({ xp: 40, xpApplying: [] });
    expect(await User.findById(known[1]).lean()).toMatchObject({ xp: 25, xpApplying: [] });
    expect(await XpLedger.countDocuments({ userId: { $in: known }, applied: true })).toBe(2);
  });

  it('when many completions of users arrive at once, then every total is exact', async () => {
    const users = [await signUp(), await signUp(), await signUp()];
    const events = users.flatMap((userId) =>
      Array.from({ length: 40 }, (_, i) => questEvent('quests.completed', userId, i + 1)),
    );
    await Promise.all(events.map((event) => identity.deps.bus.publish(event)));
    // A copy of some events published again past the de-duplication: each still counts once.
    const js = jetstream(identity.deps.bus.connection);
    for (const event of events.slice(0, 5))
      await js.publish(`${identity.infra.suffix}.${event.type}`, JSON.stringify(event), {
        msgID: randomUUID(),
      });
    for (const userId of users) expect((await settledXp(userId, 820)).xp).toBe(820);
    expect(await models().XpLedger.countDocuments({ userId: { $in: users }, applied: true })).toBe(
      120,
    );
  });
});
