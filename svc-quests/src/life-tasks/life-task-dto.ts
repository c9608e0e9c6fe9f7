import type { LifeTask } from '@levelup/contracts';
import type { LifeTaskDoc } from './models.ts';

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

/** A life task as clients read it (lifeTaskSchema in contracts). */
export function toLifeTask(doc: LifeTaskDoc): LifeTask {
  return {
    id: doc._id.toString(),
    title: doc.title,
    notes: doc.notes ?? null,
    category: doc.category,
    priority: doc.priority,
    isCompleted: doc.isCompleted,
    completedAt: iso(doc.completedAt),
    dueDate: iso(doc.dueDate),
    isRecurring: doc.isRecurring,
    recurrenceType: doc.recurrenceType,
    recurrenceInterval: doc.recurrenceInterval,
    nextDueDate: iso(doc.nextDueDate),
    maintenanceXp: doc.maintenanceXp,
    color: doc.color,
    isActive: doc.isActive,
    createdAt: new Date(doc.createdAt).toISOString(),
    completionEventId: doc.standingCompletion?.eventId ?? null,
  };
}
