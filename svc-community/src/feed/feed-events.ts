import { EVENTS, isEventOf, type EventEnvelope, type QuestXpEventData } from '@levelup/contracts';
import {
  isDuplicateKeyError,
  type BatchHandler,
  type Logger,
  onlyDuplicateKeyErrors,
} from '@levelup/service-kit';
import type { CommunityModels, FeedEntryDoc } from '../models.ts';

/** What the feed (and the co-focus bonus) follows: completions, and their Undo. */
export const FEED_EVENTS = [EVENTS.questCompleted, EVENTS.questRevoked] as const;

export const feedEntryKey = (userId: string, questId: string) => `${userId}:${questId}`;

/**
 * The one write a completion or revoke makes: the member's document for the quest takes the event's
 * time (and, for a completion, what it shows) only where it holds an older one. Where it holds a newer
 * or the same one, the filter matches nothing and the upsert meets the existing key: the event is stale.
 */
function feedWrite(event: EventEnvelope, data: QuestXpEventData) {
  const at = new Date(event.occurredAt);
  const _id = feedEntryKey(data.userId, data.questId);
  if (event.type === EVENTS.questRevoked.type) {
    return {
      filter: { _id, $or: [{ revokedAt: null }, { revokedAt: { $lt: at } }] },
      update: { $set: { userId: data.userId, questId: data.questId, revokedAt: at } },
    };
  }
  return {
    filter: { _id, $or: [{ completedAt: null }, { completedAt: { $lt: at } }] },
    update: {
      $set: {
        userId: data.userId,
        questId: data.questId,
        eventId: event.id,
        questTitle: data.title,
        questDifficulty: data.difficulty,
        xpEarned: data.xpDelta,
        completedAt: at,
      },
    },
  };
}

const feedTypes = new Set<string>(FEED_EVENTS.map((entry) => entry.type));

/** Quest data of a feed event (the bus, or a rebuild, validated it with its EVENTS entry's schema). */
function feedData(event: EventEnvelope): QuestXpEventData | null {
  if (!feedTypes.has(event.type)) return null;
  return event.data as QuestXpEventData;
}

/** A feed document as the feed shows it, or null while its latest completion is revoked (or unknown). */
export function isShown(entry: Pick<FeedEntryDoc, 'completedAt' | 'revokedAt'>): boolean {
  if (!entry.completedAt) return false;
  return !entry.revokedAt || new Date(entry.completedAt) > new Date(entry.revokedAt);
}

/**
 * Read models fed by events, each handler idempotent (an event may come twice): members' names from
 * identity events; the achievements feed from quest completions and revokes, whichever order they come in.
 */
export function communityEventHandlers({
  FeedEntry,
  Member,
}: Pick<CommunityModels, 'FeedEntry' | 'Member'>) {
  async function onIdentityEvent(event: EventEnvelope): Promise<void> {
    // The bus validated the event with its EVENTS entry's schema.
    if (!isEventOf(EVENTS.userRegistered, event) && !isEventOf(EVENTS.userRenamed, event)) return;
    const { userId, username, displayName } = event.data;
    await Member.updateOne({ _id: userId }, { $set: { username, displayName } }, { upsert: true });
  }

  async function onQuestEvent(event: EventEnvelope): Promise<void> {
    const data = feedData(event);
    if (!data) return;
    const { filter, update } = feedWrite(event, data);
    try {
      await FeedEntry.updateOne(filter, update, { upsert: true });
    } catch (err) {
      // The document holds this event or a newer one.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  /**
   * A batch of quest events, several members' at once: one unordered bulk write (stale events fall
   * out as above).
   */
  const onQuestEvents: BatchHandler = async (entries) => {
    const writes = entries.flatMap(({ event }) => {
      const data = feedData(event);
      return data ? [{ updateOne: { ...feedWrite(event, data), upsert: true } }] : [];
    });
    if (writes.length === 0) return;
    try {
      await FeedEntry.bulkWrite(writes as never, { ordered: false });
    } catch (err) {
      // Stale events meet a newer document on its key.
      if (!onlyDuplicateKeyErrors(err)) throw err;
    }
  };

  return { onIdentityEvent, onQuestEvent, onQuestEvents };
}

/**
 * Moves the feed's documents from before one per member and quest (one per completion event, and the
 * revokes apart) into feed_entries, then drops the old collections. Idempotent: every step is an event
 * applied the new way, so a start-up interrupted half-way does it again.
 */
export async function migrateFeed(
  models: Pick<CommunityModels, 'FeedEntry' | 'FeedItem' | 'FeedRevocation' | 'Member'>,
  logger: Logger,
): Promise<void> {
  const { FeedItem, FeedRevocation } = models;
  const [items, revocations] = await Promise.all([
    FeedItem.estimatedDocumentCount(),
    FeedRevocation.estimatedDocumentCount(),
  ]);
  if (items === 0 && revocations === 0) return;
  const { onQuestEvent } = communityEventHandlers(models);
  const asEvent = (type: string, id: string, at: Date, data: Partial<QuestXpEventData>) =>
    ({ id, type, version: 1, occurredAt: new Date(at).toISOString(), data }) as EventEnvelope;
  for await (const item of FeedItem.find().lean().cursor()) {
    await onQuestEvent(
      asEvent(EVENTS.questCompleted.type, item._id, item.completedAt, {
        userId: item.userId,
        questId: item.questId,
        title: item.questTitle,
        difficulty: item.questDifficulty,
        xpDelta: item.xpEarned,
      }),
    );
  }
  for await (const revocation of FeedRevocation.find().lean().cursor()) {
    const split = revocation._id.indexOf(':');
    await onQuestEvent(
      asEvent(EVENTS.questRevoked.type, revocation._id, revocation.revokedAt, {
        userId: revocation._id.slice(0, split),
        questId: revocation._id.slice(split + 1),
      }),
    );
  }
  await FeedItem.collection.drop().catch(() => undefined);
  await FeedRevocation.collection.drop().catch(() => undefined);
  logger.info('feed moved to one document per member and quest', { items, revocations });
}
