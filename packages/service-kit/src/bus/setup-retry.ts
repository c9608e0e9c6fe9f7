import { RequestError, TimeoutError } from '@nats-io/transport-node';
import { JetStreamApiError } from '@nats-io/jetstream';
import type { Logger } from '../telemetry/logger.ts';

/** How long a stream or consumer set-up is asked again while JetStream cannot answer it yet. */
export const SETUP_RETRY_MS = 30_000;
/** JetStream's "temporarily unavailable": no leader for the request (a cluster electing one). */
const TEMPORARILY_UNAVAILABLE = 10008;

/**
 * Errors that say JetStream cannot answer yet, not that the request is wrong: a request that timed out
 * or found no responder, or a 503, which a NATS cluster gives while it elects the leaders of its
 * streams and consumers (when it starts, and while a node is gone).
 */
export function isTransientSetupError(err: unknown): boolean {
  if (err instanceof TimeoutError) return true;
  if (err instanceof RequestError) return err.isNoResponders() || err.cause instanceof TimeoutError;
  if (err instanceof JetStreamApiError)
    return err.status === 503 || err.code === TEMPORARILY_UNAVAILABLE;
  return false;
}

/**
 * Runs a set-up step (create or check a stream or a consumer), asking again with a growing pause
 * (0.25 s doubling to 2 s) while JetStream answers with a transient error, for at most `limitMs`; any
 * other error, or the last transient one, is thrown. Eleven services starting at once against a
 * three-node cluster that was just started met such a timeout, and the service's start failed.
 */
export async function retryWhileUnavailable<T>(
  what: string,
  step: () => Promise<T>,
  logger: Logger,
  limitMs = SETUP_RETRY_MS,
): Promise<T> {
  const started = Date.now();
  for (let pause = 250; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await step();
    } catch (err) {
      if (!isTransientSetupError(err) || Date.now() - started + pause > limitMs) throw err;
      logger.warn('JetStream not ready for a set-up step; asking again', {
        what,
        error: String(err),
        retryInMs: pause,
      });
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
