import { nanos } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, type ConsumerConfig } from '@nats-io/jetstream';
import type { BusContext } from './context.ts';
import { CONSUMER_NOT_FOUND, isApiError } from './rules.ts';

/** Creates the durable pull consumer, or puts back the settings the bus relies on when they drifted. */
export async function ensureConsumer(
  ctx: BusContext,
  stream: string,
  durable: string,
  filterSubject: string | undefined,
): Promise<void> {
  const { jsm } = ctx;
  // The server's delivery limit is off: the bus gives an event up itself, after recording it.
  const wanted: Partial<ConsumerConfig> = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ctx.ackWaitMs),
    max_deliver: -1,
    ...(filterSubject ? { filter_subject: filterSubject } : {}),
  };
  try {
    const info = await jsm.consumers.info(stream, durable);
    const same =
      info.config.ack_wait === wanted.ack_wait &&
      (info.config.max_deliver ?? -1) <= 0 &&
      (info.config.filter_subject ?? '') === (filterSubject ?? '');
    if (!same) {
      await jsm.consumers.update(stream, durable, {
        ack_wait: wanted.ack_wait,
        max_deliver: wanted.max_deliver,
        ...(filterSubject ? { filter_subject: filterSubject } : {}),
      });
    }
    return;
  } catch (err) {
    if (!isApiError(err, CONSUMER_NOT_FOUND)) throw err;
  }
  await jsm.consumers.add(stream, wanted);
}
