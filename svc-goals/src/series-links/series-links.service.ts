import {
  SERIES_ALREADY_LINKED_MESSAGE,
  SERIES_NOT_FOUND_MESSAGE,
  linkedOccurrenceXp,
  type GoalSeriesLink,
  type JourneyResponse,
  type LinkSeriesRequest,
} from '@levelup/contracts';
import { conflict, notFound } from '@levelup/service-kit';
import type { GoalsService } from '../goals/goals.service.ts';
import type { OccurrenceViewDoc, SeriesViewDoc } from '../quest-views/models.ts';
import type { QuestViews } from '../quest-views/quest-views.ts';
import type { SeriesLinkDoc } from './models.ts';
import type { SeriesLinksRepository } from './repository.ts';

function toLink(link: SeriesLinkDoc, title: string): GoalSeriesLink {
  return {
    id: link._id.toString(),
    goalId: link.goalId,
    seriesId: link.seriesId,
    title,
    xpPerOccurrence: link.xpPerOccurrence,
    linkedAt: new Date(link.linkedAt).toISOString(),
  };
}

/**
 * The series' title from the read model; before its event arrived, an occurrence's title. Only the
 * user's own: a series of another user's never lends its title, even to a link made before the rule.
 */
function titleOf(
  userId: string,
  seriesId: string,
  series: Map<string, SeriesViewDoc>,
  occurrences: readonly OccurrenceViewDoc[],
): string {
  const known = series.get(seriesId);
  if (known) return known.userId === userId ? known.title : '';
  return occurrences.find((o) => o.seriesId === seriesId && o.userId === userId)?.title ?? '';
}

/**
 * Series linked to goals (goal_recurring_series_links) and the journey. A linked occurrence
 * done adds xpPerOccurrence to the goal and undoing it takes it back (linkedOccurrenceXp), whichever
 * order the events come in.
 */
export function seriesLinksService(deps: {
  links: SeriesLinksRepository;
  views: QuestViews;
  goals: GoalsService;
  clock?: () => Date;
}) {
  const { links, views, goals } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function settle(link: SeriesLinkDoc, occurrence: OccurrenceViewDoc): Promise<void> {
    if (occurrence.userId !== link.userId) return;
    const xp = linkedOccurrenceXp(
      {
        completionType: occurrence.completionType,
        doneAt: occurrence.doneAt && new Date(occurrence.doneAt),
      },
      { xpPerOccurrence: link.xpPerOccurrence, linkedAt: new Date(link.linkedAt) },
    );
    await goals.creditOccurrence(link.userId, link.goalId, occurrence._id, xp);
  }

  return {
    /** POST /api/goals/{id}/series: a second link of the same series is 409. */
    async link(userId: string, goalId: string, input: LinkSeriesRequest): Promise<GoalSeriesLink> {
      const goal = await goals.owned(userId, goalId);
      const series = await views.findSeries(input.seriesId);
      // Only a series this service knows to be the user's: another user's, a deleted one and one whose
      // event has not arrived yet are all 404 (an unknown id could be anyone's; the dialog's list comes
      // from svc-quests, whose event reaches this read model within moments, so a retry works).
      if (!series || series.userId !== userId || series.deleted)
        throw notFound(SERIES_NOT_FOUND_MESSAGE);
      const link = await links.create({
        goalId: goal._id.toString(),
        seriesId: input.seriesId,
        userId,
        xpPerOccurrence: input.xpPerOccurrence,
        linkedAt: clock(),
      });
      if (!link) throw conflict(SERIES_ALREADY_LINKED_MESSAGE);
      // An occurrence completed while this request ran is owed its XP too.
      for (const occurrence of await views.doneSince(userId, link.seriesId, link.linkedAt))
        await settle(link, occurrence);
      return toLink(link, titleOf(userId, link.seriesId, new Map([[series._id, series]]), []));
    },

    async list(userId: string, goalId: string): Promise<GoalSeriesLink[]> {
      const goal = await goals.owned(userId, goalId);
      const linked = await links.forGoal(goal._id.toString());
      const seriesIds = linked.map((l) => l.seriesId);
      const series = await views.seriesByIds(seriesIds);
      const unknown = seriesIds.filter((id) => !series.has(id));
      const occurrences = unknown.length > 0 ? await views.occurrencesOf(userId, unknown) : [];
      return linked.map((l) => toLink(l, titleOf(userId, l.seriesId, series, occurrences)));
    },

    /** GET /api/goals/{id}/journey: each linked series with its scheduled occurrences by date. */
    async journey(userId: string, goalId: string): Promise<JourneyResponse> {
      const goal = await goals.owned(userId, goalId);
      const linked = await links.forGoal(goal._id.toString());
      const seriesIds = linked.map((l) => l.seriesId);
      const [series, occurrences] = await Promise.all([
        views.seriesByIds(seriesIds),
        views.occurrencesOf(userId, seriesIds),
      ]);
      return {
        linkedSeries: linked.map((l) => ({
          seriesId: l.seriesId,
          title: titleOf(userId, l.seriesId, series, occurrences),
          xpPerOccurrence: l.xpPerOccurrence,
          occurrences: occurrences
            .filter((o) => o.seriesId === l.seriesId && o.scheduledFor !== null)
            .map((o) => ({
              id: o._id,
              scheduledFor: o.scheduledFor as string,
              isCompleted: o.completionType !== 'not_completed',
              completionType: o.completionType,
              xpContributed: goals.creditOf(goal, o._id),
            })),
        })),
      };
    },

    /** An occurrence's completion changed: every goal linked to its series gets what it is owed. */
    async occurrenceChanged(occurrence: OccurrenceViewDoc): Promise<void> {
      for (const link of await links.forSeries(occurrence.userId, occurrence.seriesId))
        await settle(link, occurrence);
    },

    seriesDeleted: (seriesId: string) => links.removeForSeries(seriesId),
    goalDeleted: (goalId: string) => links.removeForGoal(goalId),
  };
}

export type SeriesLinksService = ReturnType<typeof seriesLinksService>;
