import type { Connection } from 'mongoose';
import { linkedOccurrenceXp } from '@levelup/contracts';
import { historyOf, type ReadModelRebuild } from '@levelup/service-kit';
import { creditKey, goalModels } from '../goals/models.ts';
import { seriesLinkModel } from '../series-links/models.ts';
import { talentModels } from '../talent-tree/models.ts';
import { talentTreeService } from '../talent-tree/talent-tree.service.ts';
import { questViewModels } from './models.ts';
import { GOALS_QUEST_EVENTS, questEventsHandler } from './quest-events.ts';
import { questViews } from './quest-views.ts';

/**
 * What svc-goals takes from the QUESTS stream, rebuilt by its consumer's own handler: the series and
 * occurrence views, talent path counts (per member and path), and the XP each linked occurrence gives
 * each goal. Goals and links are svc-goals' own data (not in the events): the rebuilt credit is what the
 * rule (linkedOccurrenceXp) gives the rebuilt occurrence under the live link, compared with what the live
 * goal holds for it. Manual progress is not from quests and is not compared.
 */
export const goalsRebuild: ReadModelRebuild = {
  name: 'svc-goals quest views, talents and linked goal XP',
  sources: [historyOf(GOALS_QUEST_EVENTS)],
  async prepare(scratch: Connection) {
    const views = questViewModels(scratch);
    const talents = talentModels(scratch);
    await Promise.all([
      views.SeriesView.init(),
      views.OccurrenceView.init(),
      talents.TalentCompletion.init(),
    ]);
    // No links and no relay: a rebuild changes no goal and announces nothing.
    const handler = questEventsHandler({
      views: questViews(views),
      talents: talentTreeService(talents),
    });
    return ({ event, meta }) => handler(event, meta);
  },
  async snapshot(db: Connection, live: Connection) {
    const out = new Map<string, string>();
    const counts = await talentModels(db).TalentCompletion.aggregate<{
      _id: { userId: string; path: string };
      n: number;
    }>([
      { $match: { counted: true } },
      { $group: { _id: { userId: '$userId', path: '$path' }, n: { $sum: 1 } } },
    ]);
    for (const row of counts) out.set(`talents ${row._id.userId} ${row._id.path}`, String(row.n));

    const isLive = db === live;
    const goals = new Map(
      (await goalModels(live).Goal.find({ deletedAt: null }).select({ credits: 1 }).lean()).map(
        (goal) => [goal._id.toString(), goal.credits ?? {}],
      ),
    );
    const { OccurrenceView } = questViewModels(db);
    for (const link of await seriesLinkModel(live).find().lean()) {
      const credits = goals.get(link.goalId);
      if (!credits) continue;
      const occurrences = await OccurrenceView.find({
        userId: link.userId,
        seriesId: link.seriesId,
      }).lean();
      for (const occurrence of occurrences) {
        const key = creditKey(occurrence._id);
        const xp = isLive
          ? (credits[key] ?? 0)
          : linkedOccurrenceXp(
              {
                completionType: occurrence.completionType,
                doneAt: occurrence.doneAt && new Date(occurrence.doneAt),
              },
              { xpPerOccurrence: link.xpPerOccurrence, linkedAt: new Date(link.linkedAt) },
            );
        if (xp !== 0) out.set(`goal ${link.goalId} ${key}`, String(xp));
      }
    }
    return out;
  },
};
