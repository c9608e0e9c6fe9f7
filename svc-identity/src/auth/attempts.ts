import { Schema, type Connection, type Model } from 'mongoose';
import { AppError, isDuplicateKeyError } from '@levelup/service-kit';

/**
 * Failed sign-ins and refused sign-ups, counted per account and per client address, with a progressive
 * delay instead of a lock: the first `free` failures cost nothing; from then on each failure makes the key
 * wait `firstDelayMs`, doubling with every further failure up to `maxDelayMs`, before it may try again
 * (429 with Retry-After until then, even with the right password). So guessing gets exponentially slower,
 * while an account someone else is failing on is only ever delayed, never locked for good. A key's count
 * is forgotten `forgetMs` after its last failure; a correct sign-in clears the account's count.
 *
 * A sign-in attempt is counted before its password is checked (and taken back from the address when the
 * password was right), one compare-and-set at a time, so attempts sent together get no more checks than
 * the same attempts one after another. The address's wait applies only to accounts with failures of
 * their own: people behind one address (an office, a carrier's NAT) are not kept out by someone else's
 * guessing, while a guesser there gets one attempt per account before that account waits too.
 *
 * The account key is the account itself, whichever of its username or email was typed (one count for
 * both); a name no account has is counted under that name, so unknown and known names behave the same.
 * The address is the client's as the gateway forwards it (its TRUST_PROXY decides it), so users behind one
 * load balancer are not one address. The counts live in MongoDB: every instance and a restart agree; a
 * TTL index removes forgotten rows.
 */
export interface AttemptLimit {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

const SECOND = 1000;
/** Attempts on one key that arrive together are counted one per round; past this many, one waits. */
const RESERVE_ROUNDS = 64;
const MINUTE = 60 * SECOND;

export const ATTEMPT_LIMITS = {
  /** Wrong passwords for one account, from anywhere: guessing one password. */
  signInPerAccount: {
    free: 5,
    firstDelayMs: 15 * SECOND,
    maxDelayMs: 15 * MINUTE,
    forgetMs: 60 * MINUTE,
  },
  /** Wrong passwords from one address, any account: trying many accounts. */
  signInPerAddress: {
    free: 30,
    firstDelayMs: 15 * SECOND,
    maxDelayMs: 15 * MINUTE,
    forgetMs: 60 * MINUTE,
  },
  /** Refused sign-ups (username or email taken) from one address: finding out who has an account. */
  signUpPerAddress: {
    free: 20,
    firstDelayMs: 1 * MINUTE,
    maxDelayMs: 60 * MINUTE,
    forgetMs: 60 * MINUTE,
  },
} as const satisfies Record<string, AttemptLimit>;

export type AttemptLimits = Record<keyof typeof ATTEMPT_LIMITS, AttemptLimit>;

interface AttemptDoc {
  /** 'sign-in:account:<user id>', 'sign-in:name:<name>', 'sign-in:addr:<address>', 'sign-up:addr:<address>' */
  _id: string;
  failures: number;
  lastFailureAt: Date;
  /** When the count is forgotten (the TTL monitor removes the row). */
  expiresAt: Date;
}

const attemptSchema = new Schema<AttemptDoc>(
  {
    _id: { type: String, required: true },
    failures: { type: Number, required: true },
    lastFailureAt: { type: Date },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { collection: 'auth_attempts', versionKey: false },
);

export function attemptModel(db: Connection): Model<AttemptDoc> {
  const existing = db.models.AuthAttempt as Model<AttemptDoc> | undefined;
  return existing ?? db.model<AttemptDoc>('AuthAttempt', attemptSchema);
}

/** '30 seconds', '1 minute', '15 minutes'. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManyAttempts = (retryAfterSeconds: number, what: 'sign-in' | 'sign-up') =>
  new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many failed ${what} attempts. Please try again in ${duration(retryAfterSeconds)}.`,
    429,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );

/** How long a key with this many failures waits after its last one. */
export function delayAfter(failures: number, limit: AttemptLimit): number {
  if (failures < limit.free) return 0;
  return Math.min(limit.maxDelayMs, limit.firstDelayMs * 2 ** (failures - limit.free));
}

export function attemptsRepository(
  Attempt: Model<AttemptDoc>,
  options: { limits?: AttemptLimits; now?: () => Date } = {},
) {
  const limits = options.limits ?? ATTEMPT_LIMITS;
  const now = options.now ?? (() => new Date());

  /** Seconds until the key may try again, or 0 when it may now. */
  async function waitFor(key: string, limit: AttemptLimit): Promise<number> {
    const at = now();
    const row = await Attempt.findOne({ _id: key, expiresAt: { $gt: at } }).lean<AttemptDoc>();
    if (!row?.lastFailureAt) return 0;
    const until = row.lastFailureAt.getTime() + delayAfter(row.failures, limit);
    return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
  }

  /** One more failure for the key (a forgotten count starts again from one). */
  async function fail(key: string, limit: AttemptLimit): Promise<void> {
    const at = now();
    const expiresAt = new Date(at.getTime() + Math.max(limit.forgetMs, limit.maxDelayMs));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const counted = await Attempt.updateOne(
        { _id: key, expiresAt: { $gt: at } },
        { $inc: { failures: 1 }, $set: { lastFailureAt: at, expiresAt } },
      );
      if (counted.matchedCount === 1) return;
      const restarted = await Attempt.updateOne(
        { _id: key, expiresAt: { $lte: at } },
        { $set: { failures: 1, lastFailureAt: at, expiresAt } },
      );
      if (restarted.matchedCount === 1) return;
      try {
        await Attempt.create({ _id: key, failures: 1, lastFailureAt: at, expiresAt });
        return;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  /** The key's live row, or null when it has none (or its count was forgotten). */
  const liveRow = (key: string, at: Date) =>
    Attempt.findOne({ _id: key, expiresAt: { $gt: at } }).lean<AttemptDoc>();

  const secondsUntil = (row: AttemptDoc | null, limit: AttemptLimit, at: Date) => {
    if (!row?.lastFailureAt) return 0;
    const until = row.lastFailureAt.getTime() + delayAfter(row.failures, limit);
    return until > at.getTime() ? Math.ceil((until - at.getTime()) / 1000) : 0;
  };

  /**
   * Counts one attempt on the key before the password is checked, unless the key has to wait (then the
   * seconds to wait, and nothing is written). A compare-and-set on the count, retried when another
   * attempt wrote in between, so attempts sent together are counted one by one and the ones past the
   * free allowance are refused before any of them is checked. `refuse` may refuse on what it sees too.
   */
  async function reserve(
    key: string,
    limit: AttemptLimit,
    refuse: (row: AttemptDoc | null, at: Date) => number = () => 0,
  ): Promise<number> {
    for (let round = 0; round < RESERVE_ROUNDS; round += 1) {
      const at = now();
      const expiresAt = new Date(at.getTime() + Math.max(limit.forgetMs, limit.maxDelayMs));
      const row = await liveRow(key, at);
      const wait = Math.max(secondsUntil(row, limit, at), refuse(row, at));
      if (wait > 0) return wait;
      if (row) {
        const counted = await Attempt.updateOne(
          { _id: key, failures: row.failures, lastFailureAt: row.lastFailureAt },
          { $set: { failures: row.failures + 1, lastFailureAt: at, expiresAt } },
        );
        if (counted.matchedCount === 1) return 0;
        continue;
      }
      const restarted = await Attempt.updateOne(
        { _id: key, expiresAt: { $lte: at } },
        { $set: { failures: 1, lastFailureAt: at, expiresAt } },
      );
      if (restarted.matchedCount === 1) return 0;
      try {
        await Attempt.create({ _id: key, failures: 1, lastFailureAt: at, expiresAt });
        return 0;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
    // Too many attempts at this very moment to count them all: this one waits a second.
    return 1;
  }

  const signInAddressKey = (address: string) => `sign-in:addr:${address}`;
  const signUpAddressKey = (address: string) => `sign-up:addr:${address}`;

  return {
    /** The account's key: the account whichever name was typed, else the typed name. */
    accountKey(accountId: string | undefined, typed: string): string {
      return accountId
        ? `sign-in:account:${accountId}`
        : `sign-in:name:${typed.trim().toLowerCase()}`;
    },

    /**
     * Counts this sign-in attempt on the account and the address before the password is checked (429
     * when it has to wait; nothing is counted then). The address's slow-down refuses only accounts with
     * failures of their own: the right password for an account nobody has failed on goes through, even
     * from an address others behind it (an office, a carrier's NAT) made wait. A wrong one from there
     * counts on the account, so its next attempt from that address waits.
     */
    async beginSignIn(accountKey: string, address: string | undefined): Promise<void> {
      const at = now();
      const addressWait = address
        ? secondsUntil(await liveRow(signInAddressKey(address), at), limits.signInPerAddress, at)
        : 0;
      const wait = await reserve(accountKey, limits.signInPerAccount, (row) =>
        row && row.failures > 0 ? addressWait : 0,
      );
      if (wait > 0) throw tooManyAttempts(wait, 'sign-in');
      if (address) await fail(signInAddressKey(address), limits.signInPerAddress);
    },

    /** The password was right: the account's count is cleared, and the address's attempt taken back. */
    async signInRight(accountKey: string, address: string | undefined): Promise<void> {
      await Attempt.deleteOne({ _id: accountKey });
      if (address) {
        await Attempt.updateOne(
          { _id: signInAddressKey(address), failures: { $gt: 0 } },
          { $inc: { failures: -1 } },
        );
      }
    },

    async checkSignUp(address: string | undefined): Promise<void> {
      if (!address) return;
      const wait = await waitFor(signUpAddressKey(address), limits.signUpPerAddress);
      if (wait > 0) throw tooManyAttempts(wait, 'sign-up');
    },

    async signUpRefused(address: string | undefined): Promise<void> {
      if (address) await fail(signUpAddressKey(address), limits.signUpPerAddress);
    },
  };
}

export type AttemptsRepository = ReturnType<typeof attemptsRepository>;
