import { EVENTS, makeEvent, type ProfileUpdateRequest } from '@levelup/contracts';
import { notFound, unauthenticated, type OutboxRelay } from '@levelup/service-kit';
import type { UsersRepository } from '../users/repository.ts';
import type { UserDoc } from '../users/models.ts';

export function profileService(deps: { users: UsersRepository; relay: OutboxRelay }) {
  const { users, relay } = deps;
  return {
    async get(userId: string): Promise<UserDoc> {
      const user = await users.findById(userId);
      // A session or identity for an account that no longer exists is a signed-out visitor.
      if (!user) throw unauthenticated();
      return user;
    },

    /** Saves the names and zone, and records identity.user_renamed in the same write when either changed. */
    async update(
      userId: string,
      input: ProfileUpdateRequest,
      requestId: string | undefined,
    ): Promise<UserDoc> {
      const current = await this.get(userId);
      if (input.username.toLowerCase() !== current.usernameKey) {
        const conflict = await users.conflictFor(input.username, current.email, userId);
        if (conflict) throw conflict;
      }
      const timeZone = input.timeZone ?? current.timeZone;
      const changed =
        input.username !== current.username ||
        input.displayName !== current.displayName ||
        timeZone !== current.timeZone;
      const event = changed
        ? makeEvent(
            EVENTS.userRenamed.type,
            { userId, username: input.username, displayName: input.displayName, timeZone },
            { requestId },
          )
        : null;
      const updated = await users.updateProfile(userId, input, event);
      if (!updated) throw notFound('User not found');
      await relay.flush(updated);
      return updated;
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
