import type {
  CompletionType,
  Occurrence,
  Quest,
  QuestCategory,
  QuestDifficulty,
  TimeOfDay,
} from '@levelup/contracts';

/** What a quest card shows, for a one-time quest and for an occurrence of a series alike. */
export interface CardItem {
  kind: 'quest' | 'occurrence';
  id: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  isCompleted: boolean;
  completionType: CompletionType;
  dueDate: string | null;
  scheduledTime: string | null;
  timeOfDay: TimeOfDay;
  category: QuestCategory | null;
  timeEstimate: string | null;
  createdAt: string;
  completedAt: string | null;
}

export function questItem(quest: Quest): CardItem {
  return { ...quest, kind: 'quest' };
}

export function occurrenceItem(occurrence: Occurrence): CardItem {
  return { ...occurrence, kind: 'occurrence', dueDate: null, scheduledTime: null };
}
