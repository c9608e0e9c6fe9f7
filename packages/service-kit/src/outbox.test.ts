import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, Schema, type Connection, type Model } from 'mongoose';
import { makeEvent, type EventEnvelope } from '@levelup/contracts';
import { connectBus, type Bus, type ConsumerHandle } from './bus.ts';
import { connectMongo } from './mongo.ts';
import { createOutboxRelay, outboxEntry, outboxSchemaFields, type OutboxEntry } from './outbox.ts';
import { eventually, removeTestStreams, startTestInfra, type TestInfra } from './testing/index.ts';

interface CounterDoc {
  _id: string;
  value: number;
  outbox: OutboxEntry[];
}

let infra: TestInfra;
let db: Connection;
let bus: Bus;
let Counter: Model<CounterDoc>;
let listener: ConsumerHandle;
const received: EventEnvelope[] = [];

beforeAll(async () => {
  infra = await startTestInfra();
  db = await connectMongo(infra.mongoUrl, infra.dbName('outbox_test'));
  bus = await connectBus(infra.natsUrl, 'outbox-test', { namespace: infra.suffix });
  await bus.ensureStream({ name: 'IDENTITY', subjects: ['identity.>'] });
  Counter = db.model<CounterDoc>(
    'Counter',
    new Schema<CounterDoc>(
      { _id: String, value: Number, ...outboxSchemaFields },
      { collection: 'counters' },
    ),
  );
  listener = await bus.consume({
    stream: 'IDENTITY',
    durable: 'outbox-listener',
    handler: async (event) => {
      received.push(event);
    },
  });
});
afterAll(async () => {
  await listener.stop();
  await bus.close();
  await db.dropDatabase();
  await db.close();
  await removeTestStreams(infra);
  await infra.stop();
});

function renamed(userId: string) {
  return makeEvent('identity.user_renamed', { userId, username: userId, displayName: userId });
}

const receivedFor = (userId: string) => received.filter((event) => event.data.userId === userId);

describe('outbox relay', () => {
  it('when a write carries an event and the fast path runs, then the event is published and leaves the document', async () => {
    const relay = createOutboxRelay({ model: Counter, bus });
    const event = renamed('fast');
    await Counter.create({ _id: 'fast', value: 1, outbox: [outboxEntry(event)] });
    await relay.flush((await Counter.findById('fast').lean())!);
    await eventually(
      async () => receivedFor('fast'),
      (list) => list.length === 1,
    );
    expect(receivedFor('fast').map((e) => e.id)).toEqual([event.id]);
    const doc = await eventually(
      () => Counter.findById('fast').lean(),
      (d) => d?.outbox.length === 0,
    );
    expect(doc?.outbox).toEqual([]);
  });

  it('when NATS does not answer, then the fast path gives up waiting after fastPathMs and the event stays for the poller', async () => {
    let release: () => void = () => {};
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const relay = createOutboxRelay({
      model: Counter,
      bus: { publish: () => stalled.then(() => Promise.reject(new Error('NATS away'))) },
      fastPathMs: 100,
    });
    await Counter.create({ _id: 'stalled', value: 1, outbox: [outboxEntry(renamed('stalled'))] });
    const started = Date.now();
    await relay.flush((await Counter.findById('stalled').lean())!);
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    await relay.stop();
    expect((await Counter.findById('stalled').lean())?.outbox).toHaveLength(1);
  });

  it('when the process died before publishing, then two pollers publish the left-over events once, in order', async () => {
    const events = [renamed('left-over'), renamed('left-over'), renamed('left-over')];
    const past = new Date(Date.now() - 60_000);
    await Counter.create({
      _id: 'left-over',
      value: 3,
      outbox: events.map((event) => outboxEntry(event, past)),
    });
    const pollers = [
      createOutboxRelay({ model: Counter, bus, graceMs: 0 }),
      createOutboxRelay({ model: Counter, bus, graceMs: 0 }),
    ];
    await Promise.all(pollers.map((poller) => poller.sweep()));
    await eventually(
      async () => receivedFor('left-over'),
      (list) => list.length >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receivedFor('left-over').map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect((await Counter.findById('left-over').lean())?.outbox).toEqual([]);
  });

  it('when the poller runs on its timer, then a write whose fast path never ran is published within a few seconds', async () => {
    const poller = createOutboxRelay({ model: Counter, bus, intervalMs: 100, graceMs: 200 });
    poller.start();
    try {
      const event = renamed('timer');
      await Counter.create({ _id: 'timer', value: 1, outbox: [outboxEntry(event)] });
      const list = await eventually(
        async () => receivedFor('timer'),
        (l) => l.length === 1,
        10_000,
      );
      expect(list.map((e) => e.id)).toEqual([event.id]);
    } finally {
      await poller.stop();
    }
  });

  it('when an event was published but not yet removed (a crash in between), then publishing it again is de-duplicated', async () => {
    const event = renamed('crash');
    await bus.publish(event);
    const past = new Date(Date.now() - 60_000);
    await Counter.create({ _id: 'crash', value: 1, outbox: [outboxEntry(event, past)] });
    await createOutboxRelay({ model: Counter, bus, graceMs: 0 }).sweep();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receivedFor('crash').map((e) => e.id)).toEqual([event.id]);
    expect((await Counter.findById('crash').lean())?.outbox).toEqual([]);
  });

  it('when many documents are published on the fast path together, then one database command cleans them all up, and a second write of a document publishes only its new event', async () => {
    // A connection of its own with the driver's command monitoring, to count what reaches the server.
    const watched = createConnection(infra.mongoUrl, {
      dbName: infra.dbName('outbox_test'),
      monitorCommands: true,
    });
    await watched.asPromise();
    const commands: Array<{ name: string; statements: number }> = [];
    watched.getClient().on('commandStarted', (started) => {
      if (started.commandName === 'update' && started.command.update === 'counters') {
        commands.push({ name: started.commandName, statements: started.command.updates.length });
      }
    });
    const published: string[] = [];
    const countingBus: Pick<Bus, 'publish'> = {
      publish: (event, trace) => {
        published.push(event.id);
        return bus.publish(event, trace);
      },
    };
    const WatchedCounter = watched.model<CounterDoc>('Counter', Counter.schema);
    const relay = createOutboxRelay({
      model: WatchedCounter,
      bus: countingBus,
      // Longer than the test: the clean-up is written by stop(), never by the timer, so a slow machine
      // cannot clean the first events up before the second write below (it did, in one CI run).
      cleanupDelayMs: 60_000,
    });
    try {
      // Ids of this attempt only: a retry of the test must not meet the documents of the first try.
      const attempt = Date.now().toString(36);
      const ids = Array.from({ length: 20 }, (_, i) => `batch-${attempt}-${i}`);
      const first = ids.map((id) => renamed(id));
      await WatchedCounter.insertMany(
        ids.map((id, i) => ({ _id: id, value: 1, outbox: [outboxEntry(first[i]!)] })),
      );
      await Promise.all(
        ids.map(async (id) => relay.flush((await WatchedCounter.findById(id).lean())!)),
      );
      // Written again before the clean-up: the document holds both events, only the new one goes out.
      const second = renamed(ids[0]!);
      const again = await WatchedCounter.findOneAndUpdate(
        { _id: ids[0]! },
        { $push: { outbox: outboxEntry(second) } },
        { returnDocument: 'after' },
      ).lean();
      expect(again?.outbox).toHaveLength(2);
      await relay.flush(again!);
      await relay.stop();
      expect(commands).toEqual([{ name: 'update', statements: 20 }]);
      expect(published.sort()).toEqual([...first.map((e) => e.id), second.id].sort());
      const left = await WatchedCounter.find({ _id: { $in: ids } }).lean();
      expect(left.map((doc) => doc.outbox.length)).toEqual(ids.map(() => 0));
    } finally {
      await watched.close();
    }
  });
});
