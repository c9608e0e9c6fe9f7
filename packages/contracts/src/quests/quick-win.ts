import type { QuestDifficulty } from './enums.ts';
import type { QuestRarity } from './tiers.ts';

// The quick win demo and its tiers.

export type QuickWinTierName = 'Novice' | 'Skilled' | 'Expert' | 'Master' | 'Legendary';

/** Below 5 Novice (common), 5-9 Skilled (uncommon), 10-14 Expert (rare), 15-19 Master (rare), 20+ Legendary (epic). */
export function quickWinTier(level: number): { name: QuickWinTierName; rarity: QuestRarity } {
  if (level >= 20) return { name: 'Legendary', rarity: 'epic' };
  if (level >= 15) return { name: 'Master', rarity: 'rare' };
  if (level >= 10) return { name: 'Expert', rarity: 'rare' };
  if (level >= 5) return { name: 'Skilled', rarity: 'uncommon' };
  return { name: 'Novice', rarity: 'common' };
}

export interface QuickWinTemplate {
  id: string;
  title: string;
  description: string;
  category: string;
  xp: number;
  time: string;
  difficulty: QuestDifficulty;
  color: string;
}

/**
 * The three quick wins: breathing 10 XP 2 min; water 5 XP 30 sec; desk 15 XP 5 min. Titles, descriptions
 * and colours are free to change; the XP and times are product rules.
 */
export const QUICK_WIN_TEMPLATES: readonly QuickWinTemplate[] = [
  {
    id: 'breathing',
    title: 'Guided Breathing',
    description: 'Take a calm, guided breathing break.',
    category: 'self_care',
    xp: 10,
    time: '2 min',
    difficulty: 'easy',
    color: 'blue',
  },
  {
    id: 'water',
    title: 'Drink a Glass of Water',
    description: 'Hydrate: one full glass of water.',
    category: 'health_fitness',
    xp: 5,
    time: '30 sec',
    difficulty: 'easy',
    color: 'cyan',
  },
  {
    id: 'desk',
    title: 'Tidy Your Desk',
    description: 'Clear and reset your workspace.',
    category: 'chores_errands',
    xp: 15,
    time: '5 min',
    difficulty: 'easy',
    color: 'green',
  },
];

export const BREATHING_DURATION_MS = 7000;

export type QuickWinDemoStep = 'prepare' | 'breathing' | 'feedback' | 'recurring_prompt' | 'done';
export type QuickWinOutcome = 'not_completed' | 'partial' | 'completed';

/** Feedback choices of the demo: Didn't Complete / Kinda Sorta / Crushed It. */
export const QUICK_WIN_FEEDBACK_LABELS: Readonly<Record<QuickWinOutcome, string>> = {
  not_completed: "Didn't Complete",
  partial: 'Kinda Sorta',
  completed: 'Crushed It',
};

/** After feedback: the recurring prompt only if partial or full; otherwise straight to creating the quest. */
export function nextQuickWinStep(
  step: QuickWinDemoStep,
  outcome?: QuickWinOutcome,
): QuickWinDemoStep {
  switch (step) {
    case 'prepare':
      return 'breathing';
    case 'breathing':
      return 'feedback';
    case 'feedback':
      return outcome === 'partial' || outcome === 'completed' ? 'recurring_prompt' : 'done';
    case 'recurring_prompt':
    case 'done':
      return 'done';
  }
}

/** Whether the created quick-win quest is then completed (only if partial or full). */
export function shouldCompleteQuickWin(outcome: QuickWinOutcome): boolean {
  return outcome !== 'not_completed';
}

/** Non-breathing quick wins need non-blank context text; the breathing demo may start without. */
export function canStartQuickWin(templateId: string, contextText: string): boolean {
  return templateId === 'breathing' || contextText.trim().length > 0;
}
