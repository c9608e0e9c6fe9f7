import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  DEFAULT_TIME_ZONE,
  makeEvent,
  type LoginRequest,
  type RegisterRequest,
  type SessionRevokedEventData,
} from '@levelup/contracts';
import { AppError, type OutboxRelay } from '@levelup/service-kit';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../users/password.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UserDoc } from '../users/models.ts';
import type { SessionRef } from '../sessions/session.ts';
import type { AttemptsRepository } from './attempts.ts';
import { refuseCommonPassword } from './common-passwords.ts';

type SessionRevokedReason = SessionRevokedEventData['reason'];

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'Invalid username or password', 401);

export function authService(deps: {
  users: UsersRepository;
  relay: OutboxRelay;
  attempts: AttemptsRepository;
}) {
  const { users, relay, attempts } = deps;
  return {
    /** Creates the account and records identity.user_registered in the same write. */
    async register(
      input: RegisterRequest,
      requestId: string | undefined,
      address?: string,
    ): Promise<UserDoc> {
      // Refused sign-ups tell whether a username or email exists: repeated ones are slowed.
      await attempts.checkSignUp(address);
      refuseCommonPassword(input.password);
      const conflict = await users.conflictFor(input.username, input.email);
      if (conflict) {
        await attempts.signUpRefused(address);
        throw conflict;
      }
      const passwordHash = await hashPassword(input.password);
      const userNumber = await users.nextUserNumber();
      const id = randomUUID();
      const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
      const event = makeEvent(
        EVENTS.userRegistered.type,
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

    /**
     * Tells every gateway that a session ended, through the user's outbox so it is published
     * even if NATS is away at that moment. Never fails the sign-out itself.
     */
    async revokeSession(
      session: SessionRef,
      reason: SessionRevokedReason,
      requestId: string | undefined,
    ): Promise<void> {
      const event = makeEvent(EVENTS.sessionRevoked.type, { ...session, reason }, { requestId });
      const user = await users.recordEvent(session.userId, event);
      if (user) await relay.flush(user);
    },

    /**
     * Checks the password; 429 while the account (whichever of its username or email was typed) has to
     * wait after repeated failures, or the address has to and the account has failures of its own.
     */
    async login(input: LoginRequest, address?: string): Promise<UserDoc> {
      const user = await users.findByLogin(input.username);
      const accountKey = attempts.accountKey(user?._id, input.username);
      // Counted before the slow hash: attempts sent together cannot all be checked.
      await attempts.beginSignIn(accountKey, address);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !ok) throw invalidCredentials();
      await attempts.signInRight(accountKey, address);
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
