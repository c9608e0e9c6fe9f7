import {
  EVENTS,
  userRegisteredEventSchema,
  userRenamedEventSchema,
  type EventEnvelope,
} from '@levelup/contracts';
import { PermanentEventError } from '@levelup/service-kit';
import type { MembersRepository } from './repository.ts';

/** Members' names from identity events, so the admin list names who sent each item. */
export function identityEventHandler(members: MembersRepository) {
  return async function onIdentityEvent(event: EventEnvelope): Promise<void> {
    const parsed =
      event.type === EVENTS.userRegistered.type
        ? userRegisteredEventSchema.safeParse(event)
        : event.type === EVENTS.userRenamed.type
          ? userRenamedEventSchema.safeParse(event)
          : null;
    if (!parsed) return;
    if (!parsed.success) throw new PermanentEventError(`malformed ${event.type}`);
    const { userId, username, displayName } = parsed.data.data;
    await members.upsert(userId, { username, displayName });
  };
}
