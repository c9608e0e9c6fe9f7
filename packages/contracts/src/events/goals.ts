import { z } from 'zod';
import { goalStatusSchema, goalThemeSchema } from '../goals/enums.ts';
import { defineEvent } from './envelope.ts';

export const GOAL_EVENT_TYPES = ['goals.created', 'goals.changed', 'goals.completed'] as const;
export type GoalEventType = (typeof GOAL_EVENT_TYPES)[number];

/** The goal as it is after the change; svc-quests keeps counts and calendar entries from it. */
export const goalEventDataSchema = z.object({
  userId: z.string(),
  goalId: z.string(),
  title: z.string(),
  theme: goalThemeSchema,
  status: goalStatusSchema,
  currentXp: z.number().int().min(0),
  targetXp: z.number().int().min(1),
  /** Set when status is completed. */
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Local date of the change in the user's zone, when the publisher knows it. */
  localDate: z.iso.date().nullable().optional(),
  deleted: z.boolean().optional(),
});
export type GoalEventData = z.infer<typeof goalEventDataSchema>;
export const goalEventSchema = defineEvent(GOAL_EVENT_TYPES, goalEventDataSchema);
export type GoalEvent = z.infer<typeof goalEventSchema>;
