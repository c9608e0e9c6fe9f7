import { nanos } from '@nats-io/transport-node';
import { DiscardPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { BusContext } from './context.ts';
import {
  DEAD_LETTER_STREAM,
  DUPLICATE_WINDOW_MS,
  STREAM_NAME_IN_USE,
  STREAM_NOT_FOUND,
  isApiError,
} from './rules.ts';
import type { StreamSpec } from './types.ts';

export async function ensureStream(ctx: BusContext, spec: StreamSpec): Promise<void> {
  const { jsm, logger, replicas } = ctx;
  ctx.knownStreams.set(spec.name, spec);
  const name = ctx.streamOf(spec.name);
  const subjects = spec.subjects.map(ctx.subjectOf);
  const duplicateWindow = nanos(DUPLICATE_WINDOW_MS);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const info = await jsm.streams.info(name);
      const same =
        [...info.config.subjects].sort().join(',') === [...subjects].sort().join(',') &&
        info.config.duplicate_window === duplicateWindow &&
        info.config.num_replicas === replicas;
      if (!same) {
        await jsm.streams.update(name, {
          ...info.config,
          subjects,
          duplicate_window: duplicateWindow,
          num_replicas: replicas,
        });
        logger.info('stream updated', { stream: name, subjects, replicas });
      }
      return;
    } catch (err) {
      if (!isApiError(err, STREAM_NOT_FOUND)) throw err;
    }
    try {
      await jsm.streams.add({
        name,
        subjects,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        duplicate_window: duplicateWindow,
        num_replicas: replicas,
      });
      logger.info('stream created', { stream: name, subjects, replicas });
      return;
    } catch (err) {
      // Another instance created it between our info and add: read it again.
      if (!isApiError(err, STREAM_NAME_IN_USE)) throw err;
    }
  }
}

/** The DEADLETTER stream, ensured once per bus (and again after a failed attempt). */
export const ensureDeadLetterStream = (ctx: BusContext) =>
  (ctx.deadLettersReady ??= ensureStream(ctx, DEAD_LETTER_STREAM).catch((err: unknown) => {
    ctx.deadLettersReady = undefined;
    throw err;
  }));

/** The stream this process ensured whose subjects take events of `type`. */
export function knownStreamFor(ctx: BusContext, type: string): StreamSpec | undefined {
  return [...ctx.knownStreams.values()].find((spec) =>
    spec.subjects.some((pattern) =>
      pattern.endsWith('.>') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
    ),
  );
}
