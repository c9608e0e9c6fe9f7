import { createHash } from 'node:crypto';
import {
  EVENTS,
  CO_FOCUS_BONUS_XP,
  EVENT_VERSION,
  type CoFocusEvent,
  type EventEnvelope,
  type QuestXpEventData,
} from '@levelup/contracts';
import type { Bus, EventMeta, Logger } from '@levelup/service-kit';
import type { CoFocusAwardDoc } from './models.ts';
import type { RoomsRepository } from './repository.ts';

/**
 * A UUID fixed by `name` (version 5 layout over SHA-256): the bonus event of one completion always has
 * the same id, so a redelivered completion can only publish the same event again, which JetStream's
 * duplicate window and svc-identity's ledger (keyed by event id) each take once.
 */
export function derivedEventId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The co-focus bonus, from quest events: a completion by a member who was in a live room of a session
 * whose window (start to end plus the grace) holds the completion earns CO_FOCUS_BONUS_XP once, as an
 * event svc-identity adds to the XP ledger; the revoke that undoes the completion takes it back.
 */
export function coFocusHandler(deps: { rooms: RoomsRepository; bus: Bus; logger: Logger }) {
  const { rooms, bus, logger } = deps;

  async function publish(
    type: CoFocusEvent['type'],
    id: string,
    data: CoFocusEvent['data'],
    occurredAt: string,
    requestId?: string,
  ) {
    const event: CoFocusEvent = { id, type, version: EVENT_VERSION, occurredAt, data };
    if (requestId) event.requestId = requestId;
    await bus.publish(event as EventEnvelope);
  }

  /** The bonus event of one recorded award (its id fixed by the completion's, so sent twice is once). */
  async function publishAward(award: CoFocusAwardDoc, requestId?: string) {
    logger.info('co-focus bonus', { userId: award.userId, sessionId: award.sessionId });
    await publish(
      EVENTS.coFocusAwarded.type,
      derivedEventId(`co-focus:${award._id}`),
      {
        userId: award.userId,
        sessionId: award.sessionId,
        questId: award.questId,
        completionEventId: award._id,
        xpDelta: CO_FOCUS_BONUS_XP,
        title: award.title,
        localDate: award.localDate,
      },
      new Date(award.awardedAt).toISOString(),
      requestId,
    );
  }

  return async function onQuestEvent(event: EventEnvelope, meta?: EventMeta): Promise<void> {
    if (event.type !== EVENTS.questCompleted.type && event.type !== EVENTS.questRevoked.type)
      return;
    const data = event.data as unknown as QuestXpEventData;
    if (event.type === EVENTS.questCompleted.type) {
      const at = new Date(event.occurredAt);
      // Attendance first: almost no completion comes from someone in a room, and then this one read is
      // all. It depends only on the event's time, so a redelivery finds the same room as the first
      // delivery did and goes on to publish an award that one recorded. A redelivery also looks for
      // that award when it finds no room (a removal stamped by a clock behind svc-quests' could make
      // the second answer differ), so a recorded award is always published.
      const room = await rooms.attendedAt(data.userId, at);
      if (!room) {
        const recorded = (meta?.deliveryCount ?? 1) > 1 ? await rooms.award(event.id) : null;
        if (recorded) await publishAward(recorded, event.requestId);
        return;
      }
      const row: CoFocusAwardDoc = {
        _id: event.id,
        userId: data.userId,
        questId: data.questId,
        sessionId: room.sessionId,
        title: data.title,
        localDate: data.localDate,
        awardedAt: at,
        revokedByEventId: null,
      };
      // On a redelivery the award is already there: publish it as first recorded.
      const award = (await rooms.recordAward(row)) ? row : await rooms.award(event.id);
      if (!award) return;
      await publishAward(award, event.requestId);
      return;
    }
    const award = await rooms.takeBack(data.userId, data.questId, event.id);
    if (!award) return;
    await publish(
      EVENTS.coFocusRevoked.type,
      derivedEventId(`co-focus-revoke:${award._id}`),
      {
        userId: award.userId,
        sessionId: award.sessionId,
        questId: award.questId,
        completionEventId: award._id,
        xpDelta: -CO_FOCUS_BONUS_XP,
        title: award.title,
        localDate: data.localDate,
      },
      event.occurredAt,
      event.requestId,
    );
  };
}
