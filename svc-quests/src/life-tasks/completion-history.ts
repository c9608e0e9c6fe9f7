import { EVENTS, isEventOf, type EventEnvelope, type EventOf } from '@levelup/contracts';
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
  async function undone(event: EventOf<'lifeTaskUncompleted'>): Promise<void> {
    const { data } = event;
    const at = new Date(event.occurredAt);
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
    /** The bus validated each event with its EVENTS entry's schema. */
    async apply(event: EventEnvelope): Promise<void> {
      if (isEventOf(EVENTS.lifeTaskUncompleted, event)) return undone(event);
      if (!isEventOf(EVENTS.lifeTaskCompleted, event)) return;
      const { data } = event;
      await lifeTasks.recordCompletion({
        _id: event.id,
        lifeTaskId: data.lifeTaskId,
        userId: data.userId,
        xpEarned: data.xpEarned,
        completedAt: new Date(event.occurredAt),
        localDate: data.localDate,
        taskTitle: data.title,
        taskCategory: data.category,
      });
    },
  };
}
