import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, questXpEventSchema, type EventEnvelope } from '@levelup/contracts';
import { jetstream } from '@nats-io/jetstream';
import {
  byUser,
  connectBus,
  deleteNamespacedStreams,
  PermanentEventError,
  type Bus,
  type DeadLetter,
  type EventMeta,
} from './bus.ts';
import { registry as metricsRegistry } from './telemetry/metrics.ts';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `t${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const stream = { name: 'QUESTS', subjects: ['quests.>'] };
let bus: Bus;

function completion(questId: string, userId = 'u1') {
  return makeEvent('quests.completed', {
    userId,
    questId,
    occurrenceId: null,
    seriesId: null,
    xpDelta: 20,
    difficulty: 'easy',
    category: null,
    growthPath: null,
    localDate: '2026-11-22',
    title: 'Drink water',
    completionType: 'completed',
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

beforeAll(async () => {
  bus = await connectBus(natsUrl, 'bus-test', { namespace });
  await bus.ensureStream(stream);
});
afterAll(async () => {
  await deleteNamespacedStreams(bus);
  await bus.close();
});

describe('NATS bus', () => {
  it('when a service connects, then its requests (publishes, pulls) build no stack trace in advance', () => {
    // Each one otherwise makes an Error for the awaiting caller's frames, on the hot path of every event.
    const { options } = bus.connection as unknown as { options: { noAsyncTraces?: boolean } };
    expect(options.noAsyncTraces).toBe(true);
  });

  it('when a stream is ensured twice, then the second call changes nothing and does not fail', async () => {
    await expect(bus.ensureStream(stream)).resolves.toBeUndefined();
  });

  it('when the same event id is published twice, then JetStream keeps one copy and the consumer sees it once', async () => {
    const event = completion('q-dup');
    const first = await bus.publish(event);
    const second = await bus.publish(event);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    const seen: EventEnvelope[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'dup-test',
      filterSubject: 'quests.>',
      handler: async (received) => {
        seen.push(received);
      },
    });
    await waitFor(() => seen.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await handle.stop();
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(seen[0]?.type).toBe('quests.completed');
  });

  it('when a consumer is stopped at once after it starts, then stop() returns and a later consumer still gets the event', async () => {
    const event = completion('q-early-stop');
    await bus.publish(event);
    // stop() before the first pull is open used to wait forever for an iterator nobody read.
    for (let round = 0; round < 10; round += 1) {
      const handle = await bus.consume({
        stream: 'QUESTS',
        durable: 'early-stop-test',
        filterSubject: 'quests.completed',
        handler: async () => {
          throw new Error('never handled here');
        },
      });
      let timer: NodeJS.Timeout | undefined;
      const stoppedInTime = await Promise.race([
        handle.stop().then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 5_000))),
      ]);
      clearTimeout(timer);
      expect(stoppedInTime).toBe(true);
    }
    const seen: string[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'early-stop-test',
      filterSubject: 'quests.completed',
      handler: async (received) => {
        seen.push(received.id);
      },
    });
    await waitFor(() => seen.includes(event.id));
    await handle.stop();
    expect(seen).toContain(event.id);
  });

  it('when a handler fails once, then the event is delivered again and handled', async () => {
    const event = completion('q-retry');
    const attempts: number[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'retry-test',
      filterSubject: 'quests.completed',
      handler: async (received, meta) => {
        if (received.id !== event.id) return;
        attempts.push(meta.deliveryCount);
        if (meta.deliveryCount === 1) throw new Error('database briefly away');
      },
    });
    await bus.publish(event);
    await waitFor(() => attempts.length >= 2);
    await handle.stop();
    expect(attempts).toEqual([1, 2]);
  });

  it('when a handler reports a permanent failure, then the event is not delivered again and is kept in the dead letters', async () => {
    const event = completion('q-poison');
    const attempts: string[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'poison-test',
      handler: async (received) => {
        if (received.id !== event.id) return;
        attempts.push(received.id);
        throw new PermanentEventError('bad data');
      },
    });
    await bus.publish(event);
    await waitFor(() => attempts.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await handle.stop();
    expect(attempts).toEqual([event.id]);
    const [record, ...others] = await bus.listDeadLetters({ consumer: 'poison-test' });
    expect(others).toEqual([]);
    expect(record).toMatchObject({
      eventId: event.id,
      type: 'quests.completed',
      stream: 'QUESTS',
      consumer: 'poison-test',
      reason: 'terminal',
      deliveryCount: 1,
      error: 'PermanentEventError: bad data',
      event,
    });
  });

  it('when two instances share a durable, then each event is handled by only one of them', async () => {
    const other = await connectBus(natsUrl, 'bus-test-2', { namespace });
    const handled: string[] = [];
    const handler = async (received: EventEnvelope) => {
      if (received.data.questId === 'q-shared') handled.push(received.id);
    };
    const a = await bus.consume({ stream: 'QUESTS', durable: 'shared-test', handler });
    const b = await other.consume({ stream: 'QUESTS', durable: 'shared-test', handler });
    const events = Array.from({ length: 20 }, () => completion('q-shared'));
    await Promise.all(events.map((event) => bus.publish(event)));
    await waitFor(() => handled.length >= 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await a.stop();
    await b.stop();
    await other.close();
    expect(handled.sort()).toEqual(events.map((e) => e.id).sort());
  });
});

describe('NATS bus with partitioned consumers', () => {
  it('when events of several users arrive, then users run side by side and each user is handled in stream order', async () => {
    const users = ['ua', 'ub', 'uc', 'ud'];
    const events = Array.from({ length: 40 }, (_, i) =>
      completion(`q-lane-${i}`, users[i % users.length]),
    );
    for (const event of events) await bus.publish(event);
    const order = new Map<string, string[]>();
    let running = 0;
    let mostAtOnce = 0;
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'lanes-test',
      partitionKey: (event) => event.data.userId as string,
      concurrency: 4,
      handler: async (received) => {
        if (!String(received.data.questId).startsWith('q-lane-')) return;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Later events of a user finish sooner: only the lanes keep them in order.
        await new Promise((resolve) =>
          setTimeout(resolve, 40 - Number(String(received.data.questId).slice(7)) / 2),
        );
        running -= 1;
        const userId = received.data.userId as string;
        order.set(userId, [...(order.get(userId) ?? []), received.id]);
      },
    });
    await waitFor(() => [...order.values()].flat().length >= events.length);
    await handle.stop();
    for (const userId of users) {
      expect(order.get(userId)).toEqual(
        events.filter((event) => event.data.userId === userId).map((event) => event.id),
      );
    }
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(4);
  });
});

describe('NATS bus when the server lost its streams', () => {
  it('when the stream and consumer disappear, then publishing recreates the stream and the consumer resumes', async () => {
    const seen: string[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'repair-test',
      handler: async (received) => {
        if (received.data.questId === 'q-repair') seen.push(received.id);
      },
    });
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const jsm = await jetstreamManager(bus.connection);
    await jsm.streams.delete(`QUESTS_${namespace}`);
    const event = completion('q-repair');
    const ack = await bus.publish(event);
    expect(ack.duplicate).toBe(false);
    await waitFor(() => seen.length >= 1, 40_000);
    await handle.stop();
    expect(seen).toEqual([event.id]);
  }, 60_000);
});

async function deadLetteredCount(consumer: string, type: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('levelup_events_dead_lettered_total')?.get();
  return (metric?.values ?? [])
    .filter((value) => value.labels.consumer === consumer && value.labels.type === type)
    .reduce((sum, value) => sum + value.value, 0);
}

describe('NATS bus dead letters', () => {
  it('when a handler fails on every delivery up to the limit, then the event is recorded, counted, and a replay after the fault is gone hands it to that consumer only', async () => {
    const limited = await connectBus(natsUrl, 'bus-test-dl', { namespace, maxDeliver: 3 });
    const event = completion('q-dead');
    let faulty = true;
    const attempts: number[] = [];
    const applied: Array<{ id: string; streamSequence: number }> = [];
    const bystander: string[] = [];
    const handler = async (received: EventEnvelope, meta: EventMeta) => {
      if (received.data.questId !== 'q-dead') return;
      attempts.push(meta.deliveryCount);
      if (faulty) throw new Error('database refuses the write');
      applied.push({ id: received.id, streamSequence: meta.streamSequence });
    };
    const handle = await limited.consume({
      stream: 'QUESTS',
      durable: 'dead-test',
      filterSubject: 'quests.completed',
      handler,
    });
    // Another consumer of the same stream: it must not see the replay.
    const other = await limited.consume({
      stream: 'QUESTS',
      durable: 'dead-bystander',
      filterSubject: 'quests.completed',
      handler: async (received) => {
        if (received.data.questId === 'q-dead') bystander.push(received.id);
      },
    });
    const before = await deadLetteredCount('dead-test', 'quests.completed');
    const ack = await limited.publish(event);
    let records: DeadLetter[] = [];
    await waitFor(() => attempts.length >= 3);
    for (let i = 0; i < 100 && records.length === 0; i += 1) {
      records = await limited.listDeadLetters({ consumer: 'QUESTS/dead-test' });
      if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      eventId: event.id,
      consumer: 'dead-test',
      reason: 'max_deliveries',
      deliveryCount: 3,
      streamSequence: ack.seq,
      error: 'Error: database refuses the write',
      event,
    });
    expect(await deadLetteredCount('dead-test', 'quests.completed')).toBe(before + 1);
    expect(await limited.listDeadLetters({ id: event.id })).toHaveLength(1);
    expect(await limited.listDeadLetters({ consumer: 'dead-bystander' })).toEqual([]);

    faulty = false;
    const replayed = await limited.replayDeadLetters({ id: event.id });
    expect(replayed.map((record) => record.eventId)).toEqual([event.id]);
    await waitFor(() => applied.length >= 1);
    let left = records;
    for (let i = 0; i < 100 && left.length > 0; i += 1) {
      left = await limited.listDeadLetters({ consumer: 'dead-test' });
      if (left.length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await handle.stop();
    await other.stop();
    await limited.close();
    // The replay carries the event's place in its own stream, and nobody else got it again.
    expect(applied).toEqual([{ id: event.id, streamSequence: ack.seq }]);
    expect(bystander).toEqual([event.id]);
    expect(left).toEqual([]);
  }, 30_000);

  it('when a message is not an event, then it is recorded with its payload instead of being dropped', async () => {
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'garbage-test',
      filterSubject: 'quests.garbage',
      handler: async () => undefined,
    });
    const js = jetstream(bus.connection);
    await js.publish(`${namespace}.quests.garbage`, 'not json at all', { msgID: 'garbage-1' });
    let records: DeadLetter[] = [];
    for (let i = 0; i < 100 && records.length === 0; i += 1) {
      records = await bus.listDeadLetters({ consumer: 'garbage-test' });
      if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await handle.stop();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      eventId: 'garbage-1',
      type: 'quests.garbage',
      reason: 'unparseable',
      event: null,
      raw: 'not json at all',
    });
    // Nothing to hand back: replay leaves it where it is.
    expect(await bus.replayDeadLetters({ consumer: 'garbage-test' })).toEqual([]);
    expect(await bus.listDeadLetters({ consumer: 'garbage-test' })).toHaveLength(1);
  });

  it('when a consumer name is not a name, then listing refuses it', async () => {
    await expect(bus.listDeadLetters({ consumer: 'a.b>' })).rejects.toThrow(/not a consumer name/);
  });
});

describe('NATS bus with batching consumers', () => {
  it('when events of a user arrive while the previous batch runs, then the batch handler gets them together in stream order, and a failed batch is handled one at a time', async () => {
    const events = Array.from({ length: 30 }, (_, i) => completion(`q-batch-${i}`, 'u-batch'));
    const batches: string[][] = [];
    const single: string[] = [];
    let failNext = true;
    for (const event of events) await bus.publish(event);
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'batch-test',
      maxBatch: 10,
      filterSubject: 'quests.completed',
      partitionKey: (event) => event.data.userId as string,
      idempotent: true,
      handler: async (received) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (received.data.userId === 'u-batch') single.push(received.id);
      },
      batchHandler: async (entries) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const ids = entries
          .filter(({ event }) => event.data.userId === 'u-batch')
          .map(({ event }) => event.id);
        if (failNext && ids.length > 1) {
          failNext = false;
          throw new Error('one write of the batch refused');
        }
        batches.push(ids);
      },
    });
    await waitFor(() => batches.flat().length + single.length >= events.length);
    await handle.stop();
    const applied = [...batches.flat(), ...single];
    expect(applied.sort()).toEqual(events.map((e) => e.id).sort());
    expect(batches.some((batch) => batch.length > 1)).toBe(true);
    // The failed batch's events went through the per-event handler instead (more than one of them).
    expect(single.length).toBeGreaterThan(1);
    const position = new Map(events.map((e, i) => [e.id, i]));
    for (const batch of batches) {
      const order = batch.map((id) => position.get(id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it("when a consumer batches across keys, then many users' waiting events go to one batch, each user's in stream order, each event once", async () => {
    const users = Array.from({ length: 8 }, (_, i) => `u-across-${i}`);
    const events = Array.from({ length: 40 }, (_, i) =>
      completion(`q-across-${i}`, users[i % users.length]),
    );
    for (const event of events) await bus.publish(event);
    const batches: EventEnvelope[][] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'batch-across-test',
      maxBatch: 64,
      filterSubject: 'quests.completed',
      partitionKey: (event) => event.data.userId as string,
      batchAcrossKeys: true,
      idempotent: true,
      handler: async (received) => {
        if (users.includes(received.data.userId as string)) batches.push([received]);
      },
      batchHandler: async (entries) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        batches.push(
          entries
            .map(({ event }) => event)
            .filter((event) => users.includes(event.data.userId as string)),
        );
      },
    });
    await waitFor(() => batches.flat().length >= events.length);
    await handle.stop();
    expect(
      batches
        .flat()
        .map((e) => e.id)
        .sort(),
    ).toEqual(events.map((e) => e.id).sort());
    // Pulled together, the backlog goes in batches that hold several users.
    const widest = Math.max(...batches.map((b) => new Set(b.map((e) => e.data.userId)).size));
    expect(widest).toBeGreaterThan(4);
    expect(batches.length).toBeLessThan(events.length / 2);
    const position = new Map(events.map((e, i) => [e.id, i]));
    for (const user of users) {
      const order = batches
        .flat()
        .filter((e) => e.data.userId === user)
        .map((e) => position.get(e.id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('when a copy of an event published again past the de-duplication sits in the same batch, then the batch handler sees the event once and both deliveries are acknowledged', async () => {
    // A stream of its own, so the backlog is these three deliveries alone.
    await bus.ensureStream({ name: 'COPIES', subjects: ['copies.>'] });
    const events = [completion('q-copy-1', 'u-copy-a'), completion('q-copy-2', 'u-copy-b')].map(
      (event) => ({ ...event, type: 'copies.completed' }) as unknown as EventEnvelope,
    );
    for (const event of events) await bus.publish(event);
    const [copied] = events;
    await jetstream(bus.connection).publish(
      `${namespace}.${copied!.type}`,
      JSON.stringify(copied),
      { msgID: randomUUID() },
    );
    const handed: string[][] = [];
    const handle = await bus.consume({
      stream: 'COPIES',
      durable: 'batch-copy-test',
      maxBatch: 64,
      filterSubject: 'copies.completed',
      partitionKey: (event) => event.data.userId as string,
      batchAcrossKeys: true,
      idempotent: true,
      handler: async (received) => {
        handed.push([received.id]);
      },
      batchHandler: async (entries) => {
        handed.push(entries.map(({ event }) => event.id));
      },
    });
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const jsm = await jetstreamManager(bus.connection);
    const settled = async () => {
      const info = await jsm.consumers.info(`COPIES_${namespace}`, 'batch-copy-test');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    };
    const deadline = Date.now() + 10_000;
    while (!(await settled()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.stop();
    expect(await settled()).toBe(true);
    // The backlog went as one batch: each event once, the copy acknowledged with it.
    expect(handed).toEqual([events.map((e) => e.id)]);
  });

  it('when an event does not fit the schema its consumer reads, then it is dead-lettered with the event as a terminal error', async () => {
    const event = { ...completion('q-misfit'), data: { userId: 'u1' } };
    const seen: string[] = [];
    const handle = await bus.consume({
      stream: 'QUESTS',
      durable: 'schema-test',
      filterSubject: 'quests.completed',
      schemaFor: (type) => (type === 'quests.completed' ? questXpEventSchema : undefined),
      handler: async (received) => {
        seen.push(received.id);
      },
    });
    await bus.publish(event as EventEnvelope);
    let records: DeadLetter[] = [];
    for (let i = 0; i < 100 && records.length === 0; i += 1) {
      records = await bus.listDeadLetters({ consumer: 'schema-test', id: event.id });
      if (records.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await handle.stop();
    expect(seen).not.toContain(event.id);
    expect(records[0]).toMatchObject({
      reason: 'terminal',
      error: 'malformed quests.completed',
      event: { id: event.id },
    });
  });
});

describe('NATS bus stream replicas', () => {
  it('when a stream is created, then it has one copy by default; asking for three reaches the server, which refuses it without a cluster', async () => {
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const jsm = await jetstreamManager(bus.connection);
    expect((await jsm.streams.info(`QUESTS_${namespace}`)).config.num_replicas).toBe(1);

    const clustered = await connectBus(natsUrl, 'bus-test-replicas', {
      namespace,
      streamReplicas: 3,
    });
    try {
      // The test server is one node: three copies cannot be placed, and the stream is not created.
      await expect(
        clustered.ensureStream({ name: 'REPLICAS', subjects: ['replicas.>'] }),
      ).rejects.toThrow(/replicas/i);
      await expect(jsm.streams.info(`REPLICAS_${namespace}`)).rejects.toThrow();
    } finally {
      await clustered.close();
    }
  });
});

describe('NATS bus messages waiting their turn', () => {
  it("when a user's events wait behind a slow one for longer than the acknowledgement wait, then none is delivered again", async () => {
    // An acknowledgement wait of 1 s, and a handler that takes 3 s for the user's first event: the
    // others wait their turn in that user's lane meanwhile, taken from the server and not yet settled.
    const held = await connectBus(natsUrl, 'bus-test-held', { namespace, ackWaitMs: 1_000 });
    const events = [
      completion('q-held-1', 'u-held-a'),
      completion('q-held-2', 'u-held-a'),
      completion('q-held-3', 'u-held-a'),
      completion('q-held-4', 'u-held-b'),
    ];
    for (const event of events) await held.publish(event);
    const handled: Array<{ id: string; deliveryCount: number }> = [];
    const handle = await held.consume({
      stream: 'QUESTS',
      durable: 'held-test',
      filterSubject: 'quests.completed',
      partitionKey: byUser,
      handler: async (received, meta) => {
        if (received.id === events[0]!.id)
          await new Promise((resolve) => setTimeout(resolve, 3_000));
        handled.push({ id: received.id, deliveryCount: meta.deliveryCount });
      },
    });
    try {
      await waitFor(() => handled.length >= events.length, 15_000);
      // Long enough for a redelivery of anything left unacknowledged to arrive.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      await handle.stop();
      await held.close();
    }
    const ours = new Set(events.map((event) => event.id));
    const seen = handled.filter(({ id }) => ours.has(id));
    expect(seen.map(({ id }) => id).sort()).toEqual([...ours].sort());
    expect(seen.filter(({ deliveryCount }) => deliveryCount > 1)).toEqual([]);
  }, 30_000);
});
