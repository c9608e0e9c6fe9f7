import {
  AppError,
  duplicateKeyField,
  isDuplicateKeyError,
  outboxEntry,
} from '@levelup/service-kit';
import type { EventEnvelope } from '@levelup/contracts';
import { FOUNDER_LIMIT, type IdentityModels, type UserDoc } from './models.ts';

export const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', 'Username is already taken', 409, {
    details: [{ path: 'username', message: 'Username is already taken' }],
  });
export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this email already exists', 409, {
    details: [{ path: 'email', message: 'An account with this email already exists' }],
  });

/** Turns a unique-index refusal into the 409 the user can act on. */
function duplicateToConflict(err: unknown): unknown {
  if (!isDuplicateKeyError(err)) return err;
  const field = duplicateKeyField(err);
  if (field === 'email') return emailTaken();
  return usernameTaken();
}

export interface NewUser {
  username: string;
  email: string;
  displayName: string;
  passwordHash: string;
  timeZone: string;
  emailVerifiedAt?: Date;
}

export function usersRepository({ User, Counter }: IdentityModels) {
  return {
    async findById(id: string): Promise<UserDoc | null> {
      return User.findById(id).lean<UserDoc>();
    },

    /** The account with this email (never by username: a username is not proof of an address). */
    async findByEmail(email: string): Promise<UserDoc | null> {
      return User.findOne({ email: email.trim().toLowerCase() }).lean<UserDoc>();
    },

    /** The sign-in field takes a username or an email ("Username or Email"). */
    async findByLogin(identifier: string): Promise<UserDoc | null> {
      const key = identifier.trim().toLowerCase();
      return User.findOne({ $or: [{ usernameKey: key }, { email: key }] }).lean<UserDoc>();
    },

    /** Which of the two unique fields is already used (checked first for a clear message; the indexes still decide races). */
    async conflictFor(
      username: string,
      email: string,
      exceptUserId?: string,
    ): Promise<AppError | null> {
      const filter = {
        $or: [{ usernameKey: username.toLowerCase() }, { email: email.toLowerCase() }],
        ...(exceptUserId ? { _id: { $ne: exceptUserId } } : {}),
      };
      const existing = await User.findOne(filter)
        .select({ usernameKey: 1, email: 1 })
        .lean<Pick<UserDoc, 'usernameKey' | 'email'>>();
      if (!existing) return null;
      return existing.usernameKey === username.toLowerCase() ? usernameTaken() : emailTaken();
    },

    /** Atomic counter document: concurrent sign-ups never share a number. */
    async nextUserNumber(): Promise<number> {
      const counter = await Counter.findOneAndUpdate(
        { _id: 'userNumber' },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      if (!counter) throw new Error('user number counter missing after upsert');
      return counter.seq;
    },

    /** Inserts the user together with its identity.user_registered event (outbox in the same document). */
    async insert(
      user: NewUser & { _id: string; userNumber: number },
      event: EventEnvelope,
    ): Promise<UserDoc> {
      try {
        const created = await User.create({
          ...user,
          usernameKey: user.username.toLowerCase(),
          email: user.email.toLowerCase(),
          isFounder: user.userNumber <= FOUNDER_LIMIT,
          outbox: [outboxEntry(event)],
        });
        return created.toObject();
      } catch (err) {
        throw duplicateToConflict(err);
      }
    },

    async updateProfile(
      id: string,
      changes: { username: string; displayName: string; timeZone?: string | undefined },
      event: EventEnvelope | null,
    ): Promise<UserDoc | null> {
      const set: Record<string, unknown> = {
        username: changes.username,
        usernameKey: changes.username.toLowerCase(),
        displayName: changes.displayName,
      };
      if (changes.timeZone) set.timeZone = changes.timeZone;
      try {
        return await User.findOneAndUpdate(
          { _id: id },
          { $set: set, ...(event ? { $push: { outbox: outboxEntry(event) } } : {}) },
          { returnDocument: 'after' },
        ).lean<UserDoc>();
      } catch (err) {
        throw duplicateToConflict(err);
      }
    },

    /** Queues an event about the user (a session revocation) in the user's outbox; null when no such user. */
    async recordEvent(id: string, event: EventEnvelope): Promise<UserDoc | null> {
      return User.findOneAndUpdate(
        { _id: id },
        { $push: { outbox: outboxEntry(event) } },
        { returnDocument: 'after' },
      ).lean<UserDoc>();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
