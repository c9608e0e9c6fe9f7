import {
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  userRegisteredEventSchema,
  userRenamedEventSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { PermanentEventError } from '@levelup/service-kit';
import type { QuestsModels } from '../quests/models.ts';

/** Users' time zones, learnt from identity events (architecture: a local read model, no call to svc-identity). */
export function userZones({ UserZone }: QuestsModels) {
  return {
    async timeZoneOf(userId: string): Promise<string> {
      const doc = await UserZone.findById(userId).select({ timeZone: 1 }).lean();
      return doc && isValidTimeZone(doc.timeZone) ? doc.timeZone : DEFAULT_TIME_ZONE;
    },

    /** Idempotent: applying the same event twice leaves the same document. */
    async apply(event: EventEnvelope): Promise<void> {
      if (event.type === 'identity.user_registered') {
        const parsed = userRegisteredEventSchema.safeParse(event);
        if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
        const { userId, timeZone, username, displayName } = parsed.data.data;
        await UserZone.updateOne(
          { _id: userId },
          { $set: { timeZone, username, displayName } },
          { upsert: true },
        );
      } else if (event.type === 'identity.user_renamed') {
        const parsed = userRenamedEventSchema.safeParse(event);
        if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
        const { userId, username, displayName, timeZone } = parsed.data.data;
        const zoneUpdate =
          timeZone && isValidTimeZone(timeZone)
            ? { $set: { username, displayName, timeZone } }
            : { $set: { username, displayName }, $setOnInsert: { timeZone: DEFAULT_TIME_ZONE } };
        await UserZone.updateOne({ _id: userId }, zoneUpdate, { upsert: true });
      }
    },
  };
}

export type UserZones = ReturnType<typeof userZones>;
