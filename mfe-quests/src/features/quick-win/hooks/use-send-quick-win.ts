import { useQueryClient } from '@tanstack/react-query';
import {
  shouldCompleteQuickWin,
  type QuickWinOutcome,
  type QuickWinTemplate,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import { createDailyQuickWin, createQuickWinQuest, finishQuickWin } from '../api/quick-win-api.ts';

/**
 * Records a finished quick win: creates its quest (and, when asked, its daily series), then
 * completes it when the outcome counts (partial or full, XP applied) or encourages otherwise, and
 * refreshes the quest reads. Resolves false when the quest could not be created (nothing else done).
 */
export function useSendQuickWin() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const applyXp = useXpChange();

  return async (
    template: QuickWinTemplate,
    context: string,
    chosen: QuickWinOutcome,
    daily: boolean,
  ): Promise<boolean> => {
    let questId: string;
    try {
      questId = (await createQuickWinQuest(template, context)).id;
      if (daily) await createDailyQuickWin(template, context);
    } catch {
      toast.error({ title: 'Failed to create quest', description: 'Please try again.' });
      return false;
    }
    try {
      if (shouldCompleteQuickWin(chosen)) {
        const result = await finishQuickWin(questId, chosen === 'partial');
        applyXp(result.xpDelta);
        toast.success({
          title: 'Quest Completed!',
          description: `You earned ${result.xpDelta} XP!`,
          duration: 3,
        });
      } else {
        toast.success({
          title: 'No worries!',
          description: "Tomorrow's a fresh start. You've got this!",
          duration: 3,
        });
      }
    } catch {
      toast.error({ title: 'Oops!', description: "Something went wrong. Let's try again!" });
    }
    void refresh(queryClient, [...QUEST_READS]);
    return true;
  };
}
