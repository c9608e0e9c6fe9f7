import type { Connection } from 'mongoose';
import { historyOf, type ReadModelRebuild } from '@levelup/service-kit';
import { communityModels } from '../models.ts';
import { FEED_EVENTS, communityEventHandlers, isShown } from './feed-events.ts';

/**
 * The achievements feed rebuilt from the QUESTS stream by the feed consumer's own handler: which member's
 * completion of which quest is in the feed, when, and for how much XP (names come from identity events
 * and are not compared).
 */
export const feedRebuild: ReadModelRebuild = {
  name: 'svc-community feed',
  sources: [historyOf(FEED_EVENTS)],
  async prepare(scratch: Connection) {
    await communityModels(scratch).FeedEntry.init();
    const handlers = communityEventHandlers(communityModels(scratch));
    return ({ event }) => handlers.onQuestEvent(event);
  },
  async snapshot(db: Connection) {
    const items = new Map<string, string>();
    for await (const entry of communityModels(db).FeedEntry.find().lean().cursor()) {
      if (!isShown(entry)) continue;
      const key = `feed ${entry.userId} ${entry.questId} ${new Date(entry.completedAt!).toISOString()}`;
      items.set(key, `${entry.xpEarned} xp, ${entry.questTitle}`);
    }
    return items;
  },
};
