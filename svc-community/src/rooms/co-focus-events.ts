import { createHash } from 'node:crypto';
import {
  EVENTS,
  CO_FOCUS_BONUS_XP,
  EVENT_VERSION,
  type CoFocusEvent,
  type EventEnvelope,
  type QuestXpEventData,
} from '@levelup/contracts';
import {
  eachKeyInOrder,
  type BatchHandler,
  type Bus,
  type EventMeta,
  type Logger,
} from '@levelup/service-kit';
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
  const { rooms } = deps;
  const { publishAward, publishRevoke } = coFocusPublisher(deps);

  /**
   * A completion, given the room its member was in then (attendedAt), or null for none; resolves to the
   * award it earned, if any.
   */
  async function onCompletion(
    event: EventEnvelope,
    data: QuestXpEventData,
    room: RoomMemberDoc | null,
    meta?: EventMeta,
  ): Promise<CoFocusAwardDoc | null> {
    // A redelivery also looks for the award when it finds no room (a removal stamped by a clock behind
    // svc-quests' could make the second answer differ), so a recorded award is always published.
    if (!room) {
      const recorded = (meta?.deliveryCount ?? 1) > 1 ? await rooms.award(event.id) : null;
      if (recorded) await publishAward(recorded, event.requestId);
      return recorded;
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
    if (award) await publishAward(award, event.requestId);
    return award;
  }

  const isCompletion = (event: EventEnvelope) => event.type === EVENTS.questCompleted.type;
  const isRevoke = (event: EventEnvelope) => event.type === EVENTS.questRevoked.type;
  const questData = (event: EventEnvelope) => event.data as unknown as QuestXpEventData;

  /** What these revokes may take back, in one read (none for no revokes). */
  async function takeableFor(revokes: readonly EventEnvelope[]) {
    const awards = await rooms.awardsForRevokes(
      revokes.map((event) => ({ ...questData(event), revokeEventId: event.id })),
    );
    return takeableAwards(awards);
  }

  /**
   * A revoke takes back the award of the completion it undoes: the one it already took (a
   * redelivery), else the quest's latest not taken back. A quest with no award left costs no write.
   */
  async function onRevoke(
    event: EventEnvelope,
    data: QuestXpEventData,
    takeable: Takeable,
  ): Promise<void> {
    let award = takeable.takenBy(event.id);
    if (!award && takeable.anyFor(data)) {
      award = await rooms.takeLatest(data.userId, data.questId, event.id);
      if (award) takeable.taken(award);
    }
    if (award) await publishRevoke(event, data, award);
  }

  /**
   * One event. Attendance first: almost no completion comes from someone in a room, and then this one
   * read is all. It depends only on the event's time, so a redelivery finds the same room as the first
   * delivery did and goes on to publish an award that one recorded. A revoke takes back the award of
   * the completion it undoes, if it earned one.
   */
  async function onQuestEvent(event: EventEnvelope, meta?: EventMeta): Promise<void> {
    const data = questData(event);
    if (isCompletion(event)) {
      const room = await rooms.attendedAt(data.userId, new Date(event.occurredAt));
      await onCompletion(event, data, room, meta);
    } else if (isRevoke(event)) {
      await onRevoke(event, data, await takeableFor([event]));
    }
  }

  /**
   * A batch of first deliveries, several members' at once. Two reads for the whole batch: the
   * attendance of its completions, and the awards its revokes may take back. Then each member's events
   * in order (a completion before the revoke that undoes it), the members side by side; a revoke whose
   * quest has no award left to take back costs nothing more.
   */
  const onQuestEvents: BatchHandler = async (entries) => {
    const events = entries.map(({ event }) => event);
    const completions = events.filter(isCompletion);
    const revokes = events.filter(isRevoke);
    const [attended, takeable] = await Promise.all([
      rooms.attendedAtEach(
        completions.map((event) => ({
          userId: questData(event).userId,
          at: new Date(event.occurredAt),
        })),
      ),
      takeableFor(revokes),
    ]);
    const roomOf = new Map(completions.map((event, i) => [event.id, attended[i] ?? null]));
    await eachKeyInOrder(
      events,
      (event) => questData(event).userId,
      async (event) => {
        const data = questData(event);
        if (isCompletion(event)) {
          const award = await onCompletion(event, data, roomOf.get(event.id) ?? null);
          if (award) takeable.recorded(award);
        } else if (isRevoke(event)) {
          await onRevoke(event, data, takeable);
        }
      },
    );
  };

  return { onQuestEvent, onQuestEvents };
}

type Takeable = ReturnType<typeof takeableAwards>;

/**
 * What a batch's revokes can take back, as read at its start and kept up to date while it runs: the
 * award a revoke already took (its second delivery), and each member's quest's awards not taken back.
 */
function takeableAwards(awards: readonly CoFocusAwardDoc[]) {
  const questKey = (of: { userId: string; questId: string }) => `${of.userId}\n${of.questId}`;
  const open = new Map<string, Set<string>>();
  const takenBy = new Map<string, CoFocusAwardDoc>();
  const recorded = (award: CoFocusAwardDoc) => {
    if (award.revokedByEventId) return;
    const ids = open.get(questKey(award)) ?? new Set<string>();
    open.set(questKey(award), ids.add(award._id));
  };
  for (const award of awards) {
    if (award.revokedByEventId) takenBy.set(award.revokedByEventId, award);
    else recorded(award);
  }
  return {
    /** An award recorded by this batch (or read at its start). */
    recorded,
    takenBy: (revokeEventId: string) => takenBy.get(revokeEventId) ?? null,
    anyFor: (quest: { userId: string; questId: string }) =>
      Boolean(open.get(questKey(quest))?.size),
    taken: (award: CoFocusAwardDoc) => open.get(questKey(award))?.delete(award._id),
  };
}

/** The bonus events, each id fixed by its completion's, so that one sent twice is taken once. */
function coFocusPublisher({ bus, logger }: { bus: Bus; logger: Logger }) {
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

  /** The take-back of the award a revoke found (none: nothing to publish). */
  async function publishRevoke(
    event: EventEnvelope,
    data: QuestXpEventData,
    award: CoFocusAwardDoc,
  ) {
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

  return { publishAward, publishRevoke };
}
