import {
  EVENTS,
  isEventOf,
  isQuestXpEvent,
  isSeriesEvent,
  type EventEnvelope,
} from '@levelup/contracts';
import {
  byUser,
  eachKeyInOrder,
  type BatchHandler,
  type EventHandler,
  type EventMeta,
} from '@levelup/service-kit';
import type { SeriesLinksService } from '../series-links/series-links.service.ts';
import { positionOf } from '../shared/event-order.ts';
import type { TalentTreeService } from '../talent-tree/talent-tree.service.ts';
import type { QuestViews } from './quest-views.ts';

/** What svc-goals follows of svc-quests: series, occurrences, and the completions that move them. */
export const GOALS_QUEST_EVENTS = [
  EVENTS.seriesCreated,
  EVENTS.seriesChanged,
  EVENTS.seriesDeleted,
  EVENTS.occurrenceScheduled,
  EVENTS.questCompleted,
  EVENTS.questPartial,
  EVENTS.questRevoked,
] as const;

interface QuestEventDeps {
  views: QuestViews;
  links?: SeriesLinksService;
  talents: TalentTreeService;
}

/** One event; `talents: false` when the caller wrote its talent completion already (a batch). */
async function applyQuestEvent(
  deps: QuestEventDeps,
  event: EventEnvelope,
  meta: EventMeta,
  options: { talents: boolean },
): Promise<void> {
  const position = positionOf(event, meta);
  // The bus (and a rebuild) validated each event with its EVENTS entry's schema.
  if (isSeriesEvent(event)) {
    const deleted = event.type === EVENTS.seriesDeleted.type;
    await deps.views.applySeries(event.data, deleted, position);
    if (deleted) await deps.links?.seriesDeleted(event.data.seriesId);
  } else if (isEventOf(EVENTS.occurrenceScheduled, event)) {
    await deps.views.schedule(event.data);
  } else if (isQuestXpEvent(event)) {
    const { data } = event;
    if (options.talents) await deps.talents.applyCompletion(data, position);
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
}

/**
 * svc-quests' events as svc-goals uses them: series and occurrences for the link dialog and the journey,
 * occurrence completions for linked goals' XP, every quest and occurrence completion for talent path
 * counts. Every step is idempotent and newest-wins, so redelivered, repeated and late events are safe.
 * Without `links` (a rebuild of the read models from history) the goals are left alone.
 */
export function questEventsHandler(deps: QuestEventDeps): EventHandler {
  return (event, meta) => applyQuestEvent(deps, event, meta, { talents: true });
}

/**
 * A batch, several users' at once: every talent completion in one bulk write (newest-wins per item, so
 * order inside it does not matter), then each user's series, schedules and occurrence completions in
 * stream order, the users side by side.
 */
export function questEventsBatchHandler(deps: QuestEventDeps): BatchHandler {
  return async (entries) => {
    await deps.talents.applyCompletions(
      entries.flatMap(({ event, meta }) =>
        isQuestXpEvent(event) ? [{ data: event.data, position: positionOf(event, meta) }] : [],
      ),
    );
    await eachKeyInOrder(
      entries,
      ({ event }) => byUser(event),
      async ({ event, meta }) => {
        // A quest's completion is only a talent count: written above.
        if (isQuestXpEvent(event) && !event.data.occurrenceId) return;
        await applyQuestEvent(deps, event, meta, { talents: false });
      },
    );
  };
}
