import type { Connection } from 'mongoose';
import { createLogger, historyOf, type ReadModelRebuild } from '@levelup/service-kit';
import { identityModels } from '../users/models.ts';
import { XP_CO_FOCUS_EVENTS, XP_QUEST_EVENTS, xpEventHandler } from './apply-xp-event.ts';

/**
 * Every user's XP total rebuilt from what the XP consumers read (quest and life-task completions from the
 * QUESTS stream, co-focus bonuses from the COMMUNITY stream) by their own handler. The scratch
 * database gets the live users' ids (and unique keys) only, at XP 0: the accounts are svc-identity's own, the XP comes from
 * the events, and an event for a user that does not exist moves nothing, as it does live.
 */
export const xpRebuild: ReadModelRebuild = {
  name: 'svc-identity xp',
  sources: [historyOf(XP_QUEST_EVENTS), historyOf(XP_CO_FOCUS_EVENTS)],
  async prepare(scratch: Connection, live: Connection) {
    const scratchModels = identityModels(scratch);
    await scratchModels.XpLedger.init();
    const users = scratchModels.User.collection;
    let batch: Array<Record<string, unknown>> = [];
    const flush = async () => {
      if (batch.length > 0) await users.insertMany(batch as never[], { ordered: false });
      batch = [];
    };
    const accounts = identityModels(live).User.find().select({ usernameKey: 1, email: 1 });
    for await (const user of accounts.lean().cursor()) {
      // The unique keys come along so the scratch database's indexes accept the copies.
      const { _id, usernameKey, email } = user;
      batch.push({ _id, usernameKey, email, xp: 0, xpVersion: 0, xpApplying: [] });
      if (batch.length >= 1_000) await flush();
    }
    await flush();
    const apply = xpEventHandler(scratchModels, createLogger('svc-identity-rebuild'));
    return ({ event }) => apply(event);
  },
  async snapshot(db: Connection) {
    const totals = new Map<string, string>();
    for await (const user of identityModels(db).User.find().select({ xp: 1 }).lean().cursor())
      totals.set(`xp ${user._id}`, String(user.xp ?? 0));
    return totals;
  },
};
