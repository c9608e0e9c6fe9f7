import { z } from 'zod';
import type { QuestDifficulty } from '../quests/enums.ts';

/** Intents of the wizard's first step. */
export const wizardIntentSchema = z.enum([
  'build_routine',
  'learn_practice',
  'stress_relief',
  'simple_task',
  'not_sure',
]);
export type WizardIntent = z.infer<typeof wizardIntentSchema>;

/**
 * Default XP by intent: build_routine easy 25; learn_practice medium 50;
 * stress_relief easy 15; simple_task easy 20; any other easy 20.
 */
export function xpForIntent(intent: string | null | undefined): {
  difficulty: QuestDifficulty;
  xpReward: number;
} {
  switch (intent) {
    case 'build_routine':
      return { difficulty: 'easy', xpReward: 25 };
    case 'learn_practice':
      return { difficulty: 'medium', xpReward: 50 };
    case 'stress_relief':
      return { difficulty: 'easy', xpReward: 15 };
    case 'simple_task':
      return { difficulty: 'easy', xpReward: 20 };
    default:
      return { difficulty: 'easy', xpReward: 20 };
  }
}
