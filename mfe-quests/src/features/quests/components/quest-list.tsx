import type { Quest } from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { useToggleQuest } from '../hooks/use-toggle-quest.ts';
import { QuestItem } from './quest-item.tsx';

/** A list of quests with quick-complete; shows 'Quest Completed!' with the XP earned (core.md section 8). */
export function QuestList({ quests, label }: { quests: readonly Quest[]; label: string }) {
  const toggle = useToggleQuest();
  const notification = useToast();
  const complete = (quest: Quest) =>
    toggle.mutate(quest.id, {
      onSuccess: (result) => {
        if (result.isCompleted && result.xpDelta > 0) {
          notification.success({
            title: 'Quest Completed!',
            description: `You earned ${result.xpDelta} XP!`,
            duration: 3,
          });
        }
      },
      onError: () => notification.error({ title: 'Failed to update quest. Please try again.' }),
    });
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {quests.map((quest) => (
        <QuestItem
          key={quest.id}
          quest={quest}
          onComplete={complete}
          pending={toggle.isPending && toggle.variables === quest.id}
        />
      ))}
    </ul>
  );
}
