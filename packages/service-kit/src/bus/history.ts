import { eventEnvelopeSchema } from '@levelup/contracts';
import type { BusContext } from './context.ts';
import { STREAM_NOT_FOUND, isApiError, safeJson } from './rules.ts';
import type { HistoryEntry } from './types.ts';

/** Every event stored in a stream (optionally a subject pattern), oldest first; non-events are skipped. */
export async function* readHistory(
  ctx: BusContext,
  streamName: string,
  filter?: string,
): AsyncGenerator<HistoryEntry> {
  const { js, jsm, logger } = ctx;
  const stream = ctx.streamOf(streamName);
  const subject = filter ? ctx.subjectOf(filter) : undefined;
  let info;
  try {
    info = await jsm.streams.info(stream);
  } catch (err) {
    if (isApiError(err, STREAM_NOT_FOUND)) return;
    throw err;
  }
  if (info.state.messages === 0) return;
  const reader = await js.consumers.get(stream, subject ? { filter_subjects: subject } : {});
  for (let more = true; more;) {
    const batch = await reader.fetch({ max_messages: 512, expires: 1_000 });
    more = false;
    for await (const msg of batch) {
      more = msg.info.pending > 0;
      const parsed = eventEnvelopeSchema.safeParse(safeJson(msg));
      if (!parsed.success) {
        logger.warn('history: message that is not an event skipped', { stream, seq: msg.seq });
        continue;
      }
      yield {
        event: parsed.data,
        meta: { subject: msg.subject, deliveryCount: 1, streamSequence: msg.seq },
      };
    }
  }
}
