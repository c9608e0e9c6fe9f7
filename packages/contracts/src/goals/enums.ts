import { z } from 'zod';

// Enumerations of the goals domain.
export const goalThemeSchema = z.enum([
  'learning',
  'health',
  'financial',
  'personal',
  'career',
  'creative',
]);
export type GoalTheme = z.infer<typeof goalThemeSchema>;

export const goalStatusSchema = z.enum(['active', 'completed', 'paused', 'archived']);
export type GoalStatus = z.infer<typeof goalStatusSchema>;

export const goalProgressSourceSchema = z.enum(['manual', 'quest', 'bonus', 'penalty']);
export type GoalProgressSource = z.infer<typeof goalProgressSourceSchema>;

/** Form options; the card tint knows more, unknown ones fall back to blue. */
export const goalColorSchema = z.enum(['blue', 'green', 'purple', 'orange', 'red', 'yellow']);
export type GoalColor = z.infer<typeof goalColorSchema>;
