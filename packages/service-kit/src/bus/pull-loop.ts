import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { BusContext } from './context.ts';
import { ensureConsumer } from './consumers.ts';
import { ensureStream } from './streams.ts';
import type { ConsumerHandle } from './types.ts';

/** One durable pull consumer to run, and what to do with its messages. */
export interface PullLoopSpec {
  streamName: string;
  durable: string;
  filterSubject: string | undefined;
  /** Queues a message's work (resolving once queued, waiting while too much is in flight). */
  dispatch(msg: JsMsg): Promise<void>;
  /** Resolves once everything queued is done. */
  idle(): Promise<void>;
}

/**
 * A durable pull consumer's loop: `dispatch` queues each message's work. The loop recreates the
 * stream and the consumer when the server lost them.
 */
export function pullLoop(ctx: BusContext, loop: PullLoopSpec): ConsumerHandle {
  const { js, logger, knownStreams } = ctx;
  const stream = ctx.streamOf(loop.streamName);
  const { durable, filterSubject } = loop;
  const lanes = { idle: loop.idle };
  let stopped = false;
  let current: ConsumerMessages | undefined;

  const open = async (): Promise<ConsumerMessages> => {
    const consumer = await js.consumers.get(stream, durable);
    // Pulls expire after 10 s (heartbeats every 5 s), so a consumer lost on the server is noticed in seconds.
    const messages = await consumer.consume({ max_messages: 64, expires: 10_000 });
    // The client re-pulls by itself after reconnects. If the server lost the stream or the consumer
    // (e.g. restarted without storage), end this iteration so the loop below recreates them.
    void (async () => {
      for await (const note of messages.status()) {
        if (
          note.type === 'consumer_deleted' ||
          note.type === 'consumer_not_found' ||
          note.type === 'stream_not_found'
        ) {
          logger.warn('consumer lost on the server, recreating', {
            stream,
            durable,
            notice: note.type,
          });
          messages.stop();
          return;
        }
      }
    })().catch(() => undefined);
    return messages;
  };

  const running = (async () => {
    while (!stopped) {
      try {
        current = await open();
        if (stopped) {
          // stop() came while this pull was being opened. close() would wait for an iteration that
          // never comes (the iterator only ends when it is read), so stop it and read it to its end;
          // anything it delivered meanwhile goes back to the stream at once.
          current.stop();
          for await (const msg of current) msg.nak();
          break;
        }
        for await (const msg of current) await loop.dispatch(msg);
        await lanes.idle();
      } catch (err) {
        if (!stopped) logger.error('consumer loop failed', { stream, durable, error: err });
      }
      await lanes.idle();
      if (stopped) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      try {
        const known = knownStreams.get(loop.streamName);
        if (known) await ensureStream(ctx, known);
        await ensureConsumer(ctx, stream, durable, filterSubject);
      } catch (err) {
        logger.error('could not recreate consumer', { stream, durable, error: err });
      }
    }
  })();

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await current?.close();
      await running;
    },
  };
}
