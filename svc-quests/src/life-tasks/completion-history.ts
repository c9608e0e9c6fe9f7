import {
  EVENTS,
  lifeTaskCompletedEventSchema,
  lifeTaskUncompletedEventSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { PermanentEventError } from '@levelup/service-kit';
import type { LifeTasksRepository } from './repository.ts';

/**
 * life_task_completions rows from svc-quests' own quests.life_task_completed events (and their Undo,
 * quests.life_task_uncompleted). The request writes
 * the row right away too; this consumer is what makes the row certain when the process dies between the
 * life task update (which holds the event in its outbox) and that write. Keyed by the event id, so the
 * two writes are one row.
 */
export function lifeTaskCompletionHistory(lifeTasks: LifeTasksRepository) {
  /** An Undo marks the completion's row undone (the same certainty for the Undo's own write). */
  async function undone(event: EventEnvelope): Promise<void> {
    const parsed = lifeTaskUncompletedEventSchema.safeParse(event);
    if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
    const { data } = parsed.data;
    const at = new Date(parsed.data.occurredAt);
    await lifeTasks.markCompletionUndone(
      {
        _id: data.completionEventId,
        lifeTaskId: data.lifeTaskId,
        userId: data.userId,
        xpEarned: -data.xpDelta,
        completedAt: at,
        localDate: data.completedOn,
        taskTitle: data.title,
        taskCategory: data.category,
      },
      at,
    );
  }

  return {
    async apply(event: EventEnvelope): Promise<void> {
      if (event.type === EVENTS.lifeTaskUncompleted.type) return undone(event);
      if (event.type !== EVENTS.lifeTaskCompleted.type) return;
      const parsed = lifeTaskCompletedEventSchema.safeParse(event);
      if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
      const { data } = parsed.data;
      await lifeTasks.recordCompletion({
        _id: parsed.data.id,
        lifeTaskId: data.lifeTaskId,
        userId: data.userId,
        xpEarned: data.xpEarned,
        completedAt: new Date(parsed.data.occurredAt),
        localDate: data.localDate,
        taskTitle: data.title,
        taskCategory: data.category,
      });
    },
  };
}
