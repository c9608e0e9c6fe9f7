import {
  QUEST_XP_EVENT_TYPES,
  SERIES_EVENT_TYPES,
  occurrenceScheduledEventSchema,
  questXpEventSchema,
  seriesEventSchema,
} from '@levelup/contracts';
import { PermanentEventError, type EventHandler } from '@levelup/service-kit';
import type { SeriesLinksService } from '../series-links/series-links.service.ts';
import { positionOf } from '../shared/event-order.ts';
import type { TalentTreeService } from '../talent-tree/talent-tree.service.ts';
import type { QuestViews } from './quest-views.ts';

const seriesTypes: readonly string[] = SERIES_EVENT_TYPES;
const xpTypes: readonly string[] = QUEST_XP_EVENT_TYPES;

/**
 * svc-quests' events as svc-goals uses them: series and occurrences for the link dialog and the journey,
 * occurrence completions for linked goals' XP, every quest and occurrence completion for talent path
 * counts. Every step is idempotent and newest-wins, so redelivered, repeated and late events are safe.
 * Without `links` (a rebuild of the read models from history) the goals are left alone.
 */
export function questEventsHandler(deps: {
  views: QuestViews;
  links?: SeriesLinksService;
  talents: TalentTreeService;
}): EventHandler {
  return async (event, meta) => {
    const position = positionOf(event, meta);
    if (seriesTypes.includes(event.type)) {
      const parsed = seriesEventSchema.safeParse(event);
      if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
      const deleted = parsed.data.type === 'quests.series_deleted';
      await deps.views.applySeries(parsed.data.data, deleted, position);
      if (deleted) await deps.links?.seriesDeleted(parsed.data.data.seriesId);
    } else if (event.type === 'quests.occurrence_scheduled') {
      const parsed = occurrenceScheduledEventSchema.safeParse(event);
      if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
      await deps.views.schedule(parsed.data.data);
    } else if (xpTypes.includes(event.type)) {
      const parsed = questXpEventSchema.safeParse(event);
      if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
      const data = parsed.data.data;
      await deps.talents.applyCompletion(data, position);
      if (data.occurrenceId && data.seriesId) {
        const occurrence = await deps.views.applyCompletion(
          { ...data, occurrenceId: data.occurrenceId, seriesId: data.seriesId },
          position,
        );
        // Also when the event was stale: a crash after the view moved and before the goals did is
        // finished by the redelivery, and settling twice moves nothing.
        await deps.links?.occurrenceChanged(occurrence);
      }
    }
  };
}
