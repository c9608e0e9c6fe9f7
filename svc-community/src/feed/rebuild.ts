import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
import type { ReadModelRebuild } from '@levelup/service-kit';
import { communityModels } from '../models.ts';
import { communityEventHandlers } from './feed-events.ts';

/**
 * The achievements feed rebuilt from the QUESTS stream by the feed consumer's own handler: which member's
 * completion of which quest is in the feed, when, and for how much XP (names come from identity events
 * and are not compared).
 */
export const feedRebuild: ReadModelRebuild = {
  name: 'svc-community feed',
  stream: STREAMS.QUESTS.name,
  filterSubject: 'quests.>',
  async prepare(scratch: Connection) {
    const handlers = communityEventHandlers(communityModels(scratch));
    return ({ event }) => handlers.onQuestEvent(event);
  },
  async snapshot(db: Connection) {
    const items = new Map<string, string>();
    for await (const item of communityModels(db).FeedItem.find().lean().cursor()) {
      const key = `feed ${item.userId} ${item.questId} ${new Date(item.completedAt).toISOString()}`;
      items.set(key, `${item.xpEarned} xp, ${item.questTitle}`);
    }
    return items;
  },
};
