import { createHash, randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { EVENTS, DEFAULT_TIME_ZONE, makeEvent, usernameFrom } from '@levelup/contracts';
import { isDuplicateKeyError, type OutboxRelay, perConnection } from '@levelup/service-kit';
import type { UserDoc } from '../users/models.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { ExternalClaims } from './oidc-client.ts';

/** Which provider account is which Level Up user: one row per (issuer, subject), the pair its key. */
export interface ExternalIdentityDoc {
  _id: string;
  issuer: string;
  subject: string;
  userId: string;
  createdAt: Date;
}

const externalIdentitySchema = new Schema<ExternalIdentityDoc>(
  {
    _id: { type: String, required: true },
    issuer: { type: String, required: true },
    subject: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'external_identities', versionKey: false },
);

export const externalIdentityModel: (db: Connection) => Model<ExternalIdentityDoc> = perConnection(
  (db) => db.model<ExternalIdentityDoc>('ExternalIdentity', externalIdentitySchema),
);

/** A password hash no password matches (password.ts reads only scrypt$...): sign-in is external only. */
export const EXTERNAL_ONLY_PASSWORD = 'external-sign-in-only';

const keyOf = (claims: Pick<ExternalClaims, 'issuer' | 'subject'>) =>
  `${claims.issuer}\n${claims.subject}`;

/** The username a new account starts from: what the provider calls the user, made to fit the rules. */
export function usernameBase(claims: ExternalClaims): string {
  return usernameFrom(
    claims.preferredUsername ?? claims.email?.split('@')[0] ?? claims.name ?? 'adventurer',
  );
}

export type ExternalSignIn =
  | { kind: 'signed-in'; user: UserDoc; created: boolean }
  /**
   * The email belongs to an account, and either the provider does not vouch for it or the account's owner
   * never proved it is theirs: no silent takeover (the owner can link the provider from their session).
   */
  | { kind: 'email-taken' };

/** Of the request that signs in: its id for the events, and the browser's zone for a new account. */
export interface SignInContext {
  requestId?: string | undefined;
  timeZone?: string | undefined;
}

/**
 * The user behind a provider account: the one linked before; else the account with the same email when
 * both sides proved it (the provider says it verified the email, and the account's owner confirmed it
 * through the emailed link), and the link is kept; else a new account, registered with the same event as
 * a sign-up. Only the email is compared, never the username. A signed-in user may also link a provider
 * account to their own account (linkTo).
 */
export function externalAccounts(deps: {
  db: Connection;
  users: UsersRepository;
  relay: OutboxRelay;
}) {
  const ExternalIdentity = externalIdentityModel(deps.db);
  const { users, relay } = deps;

  async function link(claims: ExternalClaims, userId: string): Promise<string> {
    try {
      await ExternalIdentity.create({
        _id: keyOf(claims),
        issuer: claims.issuer,
        subject: claims.subject,
        userId,
        createdAt: new Date(),
      });
      return userId;
    } catch (error) {
      // Two callbacks of the same account at once: the first link wins.
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await ExternalIdentity.findById(keyOf(claims)).lean();
      if (!existing) throw error;
      return existing.userId;
    }
  }

  async function freeUsername(base: string): Promise<string> {
    for (let n = 1; n <= 20; n += 1) {
      const candidate = n === 1 ? base : `${base}${n}`;
      if (!(await users.findByLogin(candidate))) return candidate;
    }
    return `${base.slice(0, 20)}${randomUUID().slice(0, 8)}`;
  }

  /** A new account for the provider account; the link is written first, so a parallel callback waits its turn. */
  async function register(
    claims: ExternalClaims,
    { requestId, timeZone = DEFAULT_TIME_ZONE }: SignInContext,
  ): Promise<ExternalSignIn> {
    const id = randomUUID();
    const linkedTo = await link(claims, id);
    if (linkedTo !== id) {
      const user = await users.findById(linkedTo);
      if (!user) throw new Error('the account linked by a parallel sign-in is not there yet');
      return { kind: 'signed-in', user, created: false };
    }
    const username = await freeUsername(usernameBase(claims));
    const displayName = (claims.name ?? username).slice(0, 50);
    // Without an email from the provider the account gets an address that can never be delivered to.
    const email =
      claims.email ??
      `${createHash('sha256').update(keyOf(claims)).digest('hex').slice(0, 24)}@external.invalid`;
    try {
      const user = await users.insert(
        {
          _id: id,
          username,
          email,
          displayName,
          passwordHash: EXTERNAL_ONLY_PASSWORD,
          timeZone,
          ...(claims.email && claims.emailVerified ? { emailVerifiedAt: new Date() } : {}),
          userNumber: await users.nextUserNumber(),
        },
        makeEvent(
          EVENTS.userRegistered.type,
          { userId: id, username, displayName, timeZone },
          { requestId },
        ),
      );
      await relay.flush(user);
      return { kind: 'signed-in', user, created: true };
    } catch (error) {
      await ExternalIdentity.deleteOne({ _id: keyOf(claims), userId: id });
      throw error;
    }
  }

  return {
    async signIn(claims: ExternalClaims, context: SignInContext = {}): Promise<ExternalSignIn> {
      const linked = await ExternalIdentity.findById(keyOf(claims)).lean();
      if (linked) {
        const user = await users.findById(linked.userId);
        if (user) return { kind: 'signed-in', user, created: false };
        // Linked a moment ago by a parallel callback whose account is still being written.
        throw new Error('the linked account is not there yet');
      }
      if (claims.email) {
        const sameEmail = await users.findByEmail(claims.email);
        if (sameEmail) {
          if (!claims.emailVerified || !sameEmail.emailVerifiedAt) return { kind: 'email-taken' };
          const userId = await link(claims, sameEmail._id);
          const user = await users.findById(userId);
          if (user) return { kind: 'signed-in', user, created: false };
        }
      }
      return register(claims, context);
    },

    /**
     * Links the provider account to the signed-in user (started from their own session); 'linked-elsewhere'
     * when the provider account already belongs to another user.
     */
    async linkTo(
      claims: ExternalClaims,
      userId: string,
    ): Promise<{ kind: 'linked'; user: UserDoc } | { kind: 'linked-elsewhere' }> {
      const linkedTo = await link(claims, userId);
      if (linkedTo !== userId) return { kind: 'linked-elsewhere' };
      const user = await users.findById(userId);
      if (!user) throw new Error('the signed-in user is gone');
      return { kind: 'linked', user };
    },
  };
}

export type ExternalAccounts = ReturnType<typeof externalAccounts>;
