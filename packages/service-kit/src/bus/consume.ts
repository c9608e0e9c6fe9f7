import { observeConsumers } from '../telemetry/metrics.ts';
import { BatchingLanes } from '../batching-lanes.ts';
import type { BusContext } from './context.ts';
import { ensureConsumer } from './consumers.ts';
import { toReplayDelivery } from './dead-letter-replay.ts';
import { toDelivery, type ConsumerRules } from './deliveries.ts';
import { handleBatch } from './batches.ts';
import { handleDelivery } from './handling.ts';
import { HeldMessages } from './held-messages.ts';
import { PartitionedLanes } from './partitioned-lanes.ts';
import { pullLoop } from './pull-loop.ts';
import {
  ACROSS_KEYS_CONCURRENCY,
  DEAD_LETTER_STREAM,
  DEFAULT_CONCURRENCY,
  replayDurable,
  replaySubject,
} from './rules.ts';
import { retryWhileUnavailable } from './setup-retry.ts';
import { ensureDeadLetterStream } from './streams.ts';
import type { ConsumeSpec, ConsumerHandle, Delivery } from './types.ts';

/**
 * Starts a durable consumer: its stream's events through the lanes (or batches) to the handler, and the
 * replays of its dead letters through a pull loop of their own.
 */
export async function consume(ctx: BusContext, spec: ConsumeSpec): Promise<ConsumerHandle> {
  const { jsm, logger, name, consumers } = ctx;
  const stream = ctx.streamOf(spec.stream);
  const filterSubject = spec.filterSubject ? ctx.subjectOf(spec.filterSubject) : undefined;
  const maxDeliver = Math.max(1, spec.maxDeliver ?? ctx.busMaxDeliver);
  const defaultLimit = spec.batchAcrossKeys ? ACROSS_KEYS_CONCURRENCY : DEFAULT_CONCURRENCY;
  const limit = spec.partitionKey ? Math.max(1, spec.concurrency ?? defaultLimit) : 1;
  const replayFilter = ctx.subjectOf(replaySubject(spec.stream, spec.durable));
  const replayName = replayDurable(spec.stream, spec.durable);
  // Set up once, at the service's start: asked again while a cluster elects leaders. The pull loops'
  // own recovery (pull-loop.ts) asks once a round, so a stop is never held up.
  const setUp = async () => {
    await ensureConsumer(ctx, stream, spec.durable, filterSubject);
    // Replays of this consumer's dead letters come through a consumer of their own, to this handler only.
    await ensureDeadLetterStream(ctx);
    await ensureConsumer(ctx, ctx.deadLetterStream, replayName, replayFilter);
  };
  await retryWhileUnavailable(`consumer ${spec.durable} of ${stream}`, setUp, logger);

  const rules: ConsumerRules = { spec, maxDeliver, ackNoReply: spec.idempotent === true };
  // From the moment a message is taken until it is settled, the server hears it is still in work.
  const held = new HeldMessages(ctx.ackWaitMs);
  const handleHeld = (delivery: Delivery) =>
    handleDelivery(ctx, delivery, spec.handler).finally(() => held.release(delivery.msg));
  const { batchHandler } = spec;
  const batching =
    batchHandler && spec.partitionKey
      ? new BatchingLanes<Delivery>({
          limit,
          maxBatch: Math.max(1, spec.maxBatch ?? 64),
          maxQueued: 256,
          acrossKeys: spec.batchAcrossKeys === true,
          run: (_keys, deliveries) =>
            handleBatch(ctx, deliveries, spec, batchHandler).finally(() => {
              for (const delivery of deliveries) held.release(delivery.msg);
            }),
        })
      : undefined;
  const lanes = new PartitionedLanes(limit);
  const main = pullLoop(ctx, {
    streamName: spec.stream,
    durable: spec.durable,
    filterSubject,
    dispatch: async (msg) => {
      held.hold(msg);
      const delivery = await toDelivery(ctx, rules, msg).catch((err: unknown) => {
        held.release(msg);
        throw err;
      });
      if (!delivery) return held.release(msg);
      const key = spec.partitionKey?.(delivery.event);
      if (batching) await batching.add(key, delivery);
      else await lanes.run(key, () => handleHeld(delivery));
    },
    idle: () => (batching ? batching.idle() : lanes.idle()),
  });
  const replayLanes = new PartitionedLanes(limit);
  const replays = pullLoop(ctx, {
    streamName: DEAD_LETTER_STREAM.name,
    durable: replayName,
    filterSubject: replayFilter,
    idle: () => replayLanes.idle(),
    dispatch: async (msg) => {
      const delivery = toReplayDelivery(ctx, rules, msg);
      if (!delivery) return;
      held.hold(msg);
      await replayLanes.run(spec.partitionKey?.(delivery.event), () => handleHeld(delivery));
    },
  });

  // JetStream's backlog for this consumer, read when Prometheus scrapes.
  const unobserve = observeConsumers(async () => {
    const info = await jsm.consumers.info(stream, spec.durable);
    return [
      {
        labels: { service: name, stream, durable: spec.durable },
        values: { pending: info.num_pending, ackPending: info.num_ack_pending },
      },
    ];
  });
  let stopping: Promise<void> | undefined;
  const handle: ConsumerHandle = {
    stop() {
      stopping ??= (async () => {
        unobserve();
        consumers.delete(handle);
        await Promise.all([main.stop(), replays.stop()]);
        held.stop();
      })();
      return stopping;
    },
  };
  consumers.add(handle);
  logger.info('consuming', { stream, durable: spec.durable, filterSubject });
  return handle;
}
