import { createHash } from 'node:crypto';
import {
  EVENTS,
  CO_FOCUS_BONUS_XP,
  EVENT_VERSION,
  type CoFocusEvent,
  type EventEnvelope,
  type QuestXpEventData,
} from '@levelup/contracts';
import type { BatchHandler, Bus, EventMeta, Logger } from '@levelup/service-kit';
import type { CoFocusAwardDoc, RoomMemberDoc } from './models.ts';
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

  /** A completion, given the room its member was in then (attendedAt), or null for none. */
  async function onCompletion(
    event: EventEnvelope,
    data: QuestXpEventData,
    room: RoomMemberDoc | null,
    meta?: EventMeta,
  ): Promise<void> {
    // A redelivery also looks for the award when it finds no room (a removal stamped by a clock behind
    // svc-quests' could make the second answer differ), so a recorded award is always published.
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
      awardedAt: new Date(event.occurredAt),
      revokedByEventId: null,
    };
    // On a redelivery the award is already there: publish it as first recorded.
    const award = (await rooms.recordAward(row)) ? row : await rooms.award(event.id);
    if (!award) return;
    await publishAward(award, event.requestId);
  }

  /** A revoke takes back the award of the completion it undoes, if it earned one. */
  async function onRevoke(event: EventEnvelope, data: QuestXpEventData): Promise<void> {
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
  }

  const isCompletion = (event: EventEnvelope) => event.type === EVENTS.questCompleted.type;
  const questData = (event: EventEnvelope) => event.data as unknown as QuestXpEventData;

  /**
   * One event. Attendance first: almost no completion comes from someone in a room, and then this one
   * read is all. It depends only on the event's time, so a redelivery finds the same room as the first
   * delivery did and goes on to publish an award that one recorded.
   */
  async function onQuestEvent(event: EventEnvelope, meta?: EventMeta): Promise<void> {
    if (isCompletion(event)) {
      const data = questData(event);
      await onCompletion(
        event,
        data,
        await rooms.attendedAt(data.userId, new Date(event.occurredAt)),
        meta,
      );
    } else if (event.type === EVENTS.questRevoked.type) await onRevoke(event, questData(event));
  }

  /**
   * A batch of first deliveries, several members' at once: the attendance of all its completions in one
   * read, then each event in order (a member's completion before the revoke that undoes it).
   */
  const onQuestEvents: BatchHandler = async (entries) => {
    const completions = entries.filter(({ event }) => isCompletion(event));
    const attended = await rooms.attendedAtEach(
      completions.map(({ event }) => ({
        userId: questData(event).userId,
        at: new Date(event.occurredAt),
      })),
    );
    const roomOf = new Map(completions.map(({ event }, i) => [event.id, attended[i] ?? null]));
    for (const { event } of entries) {
      if (isCompletion(event))
        await onCompletion(event, questData(event), roomOf.get(event.id) ?? null);
      else if (event.type === EVENTS.questRevoked.type) await onRevoke(event, questData(event));
    }
  };

  return { onQuestEvent, onQuestEvents };
}
