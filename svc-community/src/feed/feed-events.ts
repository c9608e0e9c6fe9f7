import {
  questXpEventSchema,
  userRegisteredEventSchema,
  userRenamedEventSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { PermanentEventError } from '@levelup/service-kit';
import type { CommunityModels } from '../models.ts';

/**
 * Read models fed by events, each handler idempotent (an event may come twice):
 * members' names from identity events; the achievements feed from quest completions, keyed by event id,
 * and a revoked completion takes its feed item away.
 */
export function communityEventHandlers({
  FeedItem,
  FeedRevocation,
  Member,
}: Pick<CommunityModels, 'FeedItem' | 'FeedRevocation' | 'Member'>) {
  async function onIdentityEvent(event: EventEnvelope): Promise<void> {
    const parsed =
      event.type === 'identity.user_registered'
        ? userRegisteredEventSchema.safeParse(event)
        : event.type === 'identity.user_renamed'
          ? userRenamedEventSchema.safeParse(event)
          : null;
    if (!parsed) return;
    if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
    const { userId, username, displayName } = parsed.data.data;
    await Member.updateOne({ _id: userId }, { $set: { username, displayName } }, { upsert: true });
    await FeedItem.updateMany({ userId }, { $set: { user: { username, displayName } } });
  }

  async function onQuestEvent(event: EventEnvelope): Promise<void> {
    if (event.type !== 'quests.completed' && event.type !== 'quests.revoked') return;
    const parsed = questXpEventSchema.safeParse(event);
    if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
    const data = parsed.data.data;
    const at = new Date(event.occurredAt);
    const revocationKey = `${data.userId}:${data.questId}`;
    if (event.type === 'quests.revoked') {
      // The revoke is recorded before the feed is cleared, and a completion checks it after writing, so a
      // completion delivered late (or at the same time) cannot stay in the feed after its revoke.
      await FeedRevocation.updateOne(
        { _id: revocationKey },
        { $max: { revokedAt: at } },
        { upsert: true },
      );
      await FeedItem.deleteMany({
        userId: data.userId,
        questId: data.questId,
        completedAt: { $lte: at },
      });
      return;
    }
    const member = await Member.findById(data.userId).lean();
    await FeedItem.updateOne(
      { _id: event.id },
      {
        $setOnInsert: {
          userId: data.userId,
          questId: data.questId,
          user: { displayName: member?.displayName ?? '', username: member?.username ?? '' },
          questTitle: data.title,
          questDifficulty: data.difficulty,
          xpEarned: data.xpDelta,
          completedAt: at,
        },
      },
      { upsert: true },
    );
    const revocation = await FeedRevocation.findById(revocationKey).lean();
    if (revocation && revocation.revokedAt >= at) await FeedItem.deleteOne({ _id: event.id });
  }

  return { onIdentityEvent, onQuestEvent };
}
