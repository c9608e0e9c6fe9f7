import { createHash } from 'node:crypto';
import {
  CO_FOCUS_BONUS_XP,
  EVENT_VERSION,
  type CoFocusEvent,
  type EventEnvelope,
  type QuestXpEventData,
} from '@levelup/contracts';
import type { Bus, EventMeta, Logger } from '@levelup/service-kit';
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

  return async function onQuestEvent(event: EventEnvelope, _meta?: EventMeta): Promise<void> {
    if (event.type !== 'quests.completed' && event.type !== 'quests.revoked') return;
    const data = event.data as unknown as QuestXpEventData;
    if (event.type === 'quests.completed') {
      const at = new Date(event.occurredAt);
      let award = await rooms.award(event.id);
      if (!award) {
        const room = await rooms.attendedAt(data.userId, at);
        if (!room) return;
        await rooms.recordAward({
          _id: event.id,
          userId: data.userId,
          questId: data.questId,
          sessionId: room.sessionId,
          title: data.title,
          localDate: data.localDate,
          awardedAt: at,
          revokedByEventId: null,
        });
        award = await rooms.award(event.id);
        if (!award) return;
      }
      logger.info('co-focus bonus', { userId: data.userId, sessionId: award.sessionId });
      await publish(
        'community.co_focus.awarded',
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
        event.requestId,
      );
      return;
    }
    const award = await rooms.takeBack(data.userId, data.questId, event.id);
    if (!award) return;
    await publish(
      'community.co_focus.revoked',
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
