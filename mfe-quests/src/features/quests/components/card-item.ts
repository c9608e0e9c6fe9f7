import type {
  ChecklistStep,
  CompletionType,
  Measure,
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
  /** A one-time quest's tags, or a routine's on its Quest Log card (the dashboard's days carry none). */
  tags?: readonly string[];
  timeEstimate: string | null;
  createdAt: string;
  completedAt: string | null;
  /** An occurrence's series (null for a one-time quest). */
  seriesId?: string | null;
  /** An occurrence skipped on purpose. */
  skipped?: boolean;
  /** Off the dashboard (hidden or cleared); the Quest Log still shows it, with Un-hide. */
  hiddenFromDashboard?: boolean;
  /** A one-time quest's steps, or an occurrence's own copy of its routine's steps. */
  checklist?: readonly ChecklistStep[];
  /** A measurable routine's target for the day (absent or null: done or not). */
  measure?: Measure | null;
  /** The amount entered for a measurable day; null before one is. */
  amount?: number | null;
  /** A per-week target's total from Monday to this day (absent: per day, or not measured). */
  weekTotal?: number | null;
  /** Whether the occurrence's series is running (false while paused); unknown outside the Quest Log. */
  seriesActive?: boolean;
}

/** What the card's manage buttons ask for (the quest manager opens the dialog or sends the call). */
export type ManageAction =
  'edit' | 'delete' | 'edit-series' | 'delete-series' | 'skip' | 'pause' | 'resume';

export function questItem(quest: Quest): CardItem {
  return { ...quest, kind: 'quest' };
}

export function occurrenceItem(occurrence: Occurrence): CardItem {
  return { ...occurrence, kind: 'occurrence', dueDate: null, scheduledTime: null };
}
