import { EVENTS, isEventOf, type EventEnvelope } from '@levelup/contracts';
import type { MembersRepository } from './repository.ts';

/** Members' names from identity events, so the admin list names who sent each item. */
export function identityEventHandler(members: MembersRepository) {
  return async function onIdentityEvent(event: EventEnvelope): Promise<void> {
    // The bus validated the event with its EVENTS entry's schema.
    if (!isEventOf(EVENTS.userRegistered, event) && !isEventOf(EVENTS.userRenamed, event)) return;
    const { userId, username, displayName } = event.data;
    await members.upsert(userId, { username, displayName });
  };
}
