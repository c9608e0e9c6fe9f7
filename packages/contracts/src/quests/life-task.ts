import { z } from 'zod';
import { dateInputSchema, isoDateTimeSchema } from '../common/dates.ts';
import {
  lifeTaskCategorySchema,
  lifeTaskPrioritySchema,
  lifeTaskRecurrenceUnitSchema,
} from './enums.ts';

/** Maintenance XP a life task earns by default. */
export const DEFAULT_MAINTENANCE_XP = 2;

/**
 * POST /api/life-tasks (category default personal,
 * priority default medium, recurrence 1 week; data model: maintenanceXp 2, colour amber).
 */
export const createLifeTaskRequestSchema = z.object({
  title: z
    .string({ error: 'Task title must be at least 3 characters' })
    .trim()
    .min(3, 'Task title must be at least 3 characters'),
  notes: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** An empty dueDate is allowed. */
  dueDate: dateInputSchema,
  isRecurring: z.boolean().default(false),
  /** The recurrence unit ("recurrence interval with a unit (weeks by default)"). */
  recurrenceType: lifeTaskRecurrenceUnitSchema.default('weeks'),
  recurrenceInterval: z.number().int().min(1).max(365).default(1),
  maintenanceXp: z.number().int().min(0).max(100).default(DEFAULT_MAINTENANCE_XP),
  category: lifeTaskCategorySchema.default('personal'),
  priority: lifeTaskPrioritySchema.default('medium'),
  color: z.string().trim().min(1).max(30).default('amber'),
});
export type CreateLifeTaskRequest = z.infer<typeof createLifeTaskRequestSchema>;
export type CreateLifeTaskRequestInput = z.input<typeof createLifeTaskRequestSchema>;

export const lifeTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  category: lifeTaskCategorySchema,
  priority: lifeTaskPrioritySchema,
  isCompleted: z.boolean(),
  completedAt: isoDateTimeSchema.nullable(),
  dueDate: isoDateTimeSchema.nullable(),
  isRecurring: z.boolean(),
  recurrenceType: lifeTaskRecurrenceUnitSchema,
  recurrenceInterval: z.number().int().min(1),
  nextDueDate: isoDateTimeSchema.nullable(),
  maintenanceXp: z.number().int().min(0),
  color: z.string(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  /**
   * The event of the latest check-off while Undo can still take it back (un-completing a life task);
   * null when there is none (absent from older answers: none).
   */
  completionEventId: z.string().nullable().optional(),
});
export type LifeTask = z.infer<typeof lifeTaskSchema>;

export const lifeTaskListResponseSchema = z.array(lifeTaskSchema);
export type LifeTaskListResponse = z.infer<typeof lifeTaskListResponseSchema>;

/** GET /api/life-tasks?includeCompleted=true */
export const lifeTaskListQuerySchema = z.object({
  includeCompleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type LifeTaskListQuery = z.infer<typeof lifeTaskListQuerySchema>;

/**
 * Completing a life task: svc-quests answers both PATCH and POST /api/life-tasks/{id}/complete with the
 * same handler, so a client written for either verb works; neither carries a body, so accepting both
 * costs nothing. Clients in this project send POST (a completion creates a life_task_completions record
 * and an event, which is not idempotent in general, so POST is the honest verb). These are the paths
 * and the one response.
 */
export const LIFE_TASK_COMPLETE_METHODS = ['POST', 'PATCH'] as const;
export const LIFE_TASK_COMPLETE_METHOD = 'POST' as const;

export const lifeTaskCompleteResponseSchema = lifeTaskSchema.extend({
  /** XP this completion earned (its maintenance XP), 0 when it was already completed. */
  xpEarned: z.number().int().min(0),
});
export type LifeTaskCompleteResponse = z.infer<typeof lifeTaskCompleteResponseSchema>;

/** GET /api/todos (data model: todos). */
export const todoSchema = z.object({
  id: z.string(),
  text: z.string(),
  dueDate: isoDateTimeSchema.nullable(),
  isCompleted: z.boolean(),
  createdAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type Todo = z.infer<typeof todoSchema>;
export const todoListResponseSchema = z.array(todoSchema);
export type TodoListResponse = z.infer<typeof todoListResponseSchema>;
