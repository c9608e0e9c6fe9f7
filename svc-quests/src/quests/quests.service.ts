import {
  localDate,
  makeEvent,
  type CreateQuestRequest,
  type Quest,
  type ToggleQuestResponse,
} from '@levelup/contracts';
import { notFound, type OutboxRelay } from '@levelup/service-kit';
import type { UserZones } from '../users/user-zones.ts';
import type { QuestsRepository, QuestStateChange } from './repository.ts';
import { toQuest } from './quest-dto.ts';

export const questNotFound = () => notFound('Quest not found');

export function questsService(deps: {
  quests: QuestsRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
}) {
  const { quests, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async create(userId: string, input: CreateQuestRequest): Promise<Quest> {
      return toQuest(await quests.create(userId, input));
    },

    async list(userId: string): Promise<Quest[]> {
      return (await quests.listForUser(userId)).map(toQuest);
    },

    /**
     * Complete, or back to not completed (revoking what the completion awarded). The change and its
     * event land in one conditional update on the revision read here; a request that loses the race
     * changes nothing and answers the quest as it now is with xpDelta 0, so double clicks and parallel
     * toggles never award twice (decision 5).
     */
    async toggle(
      userId: string,
      questId: string,
      requestId: string | undefined,
    ): Promise<ToggleQuestResponse> {
      const [quest, timeZone] = await Promise.all([
        quests.findOwned(userId, questId),
        zones.timeZoneOf(userId),
      ]);
      if (!quest) throw questNotFound();
      const now = clock();
      const day = localDate(now, timeZone);
      const completing = !quest.isCompleted;
      const xpDelta = completing ? quest.xpReward : -quest.awardedXp;
      const change: QuestStateChange = completing
        ? {
            isCompleted: true,
            completionType: 'completed',
            completedAt: now,
            completedLocalDate: day,
            awardedXp: quest.xpReward,
          }
        : {
            isCompleted: false,
            completionType: 'not_completed',
            completedAt: null,
            completedLocalDate: null,
            awardedXp: 0,
          };
      const event = makeEvent(
        completing ? 'quests.completed' : 'quests.revoked',
        {
          userId,
          questId: quest._id.toString(),
          occurrenceId: null,
          seriesId: quest.seriesId ?? null,
          xpDelta,
          difficulty: quest.difficulty,
          category: quest.category ?? null,
          growthPath: quest.growthPath ?? null,
          localDate: day,
          title: quest.title,
          completionType: change.completionType,
        },
        { requestId, now },
      );
      const updated = await quests.applyStateChange(quest, change, event);
      if (!updated) {
        const current = await quests.findOwned(userId, questId);
        if (!current) throw questNotFound();
        return { ...toQuest(current), xpDelta: 0 };
      }
      await relay.flush(updated);
      return { ...toQuest(updated), xpDelta };
    },
  };
}

export type QuestsService = ReturnType<typeof questsService>;
