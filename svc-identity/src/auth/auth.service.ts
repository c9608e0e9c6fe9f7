import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  makeEvent,
  type LoginRequest,
  type RegisterRequest,
} from '@levelup/contracts';
import { AppError, type OutboxRelay } from '@levelup/service-kit';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../users/password.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UserDoc } from '../users/models.ts';

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'Invalid username or password', 401);

export function authService(deps: { users: UsersRepository; relay: OutboxRelay }) {
  const { users, relay } = deps;
  return {
    /** Creates the account and records identity.user_registered in the same write (decision 5). */
    async register(input: RegisterRequest, requestId: string | undefined): Promise<UserDoc> {
      const conflict = await users.conflictFor(input.username, input.email);
      if (conflict) throw conflict;
      const passwordHash = await hashPassword(input.password);
      const userNumber = await users.nextUserNumber();
      const id = randomUUID();
      const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
      const event = makeEvent(
        'identity.user_registered',
        { userId: id, username: input.username, displayName: input.displayName, timeZone },
        { requestId },
      );
      const user = await users.insert(
        {
          _id: id,
          username: input.username,
          email: input.email,
          displayName: input.displayName,
          passwordHash,
          timeZone,
          userNumber,
        },
        event,
      );
      await relay.flush(user);
      return user;
    },

    async login(input: LoginRequest): Promise<UserDoc> {
      const user = await users.findByLogin(input.username);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !ok) throw invalidCredentials();
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
