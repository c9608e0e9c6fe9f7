import { Schema, type Connection, type Model } from 'mongoose';
import { AppError, isDuplicateKeyError } from '@levelup/service-kit';

/**
 * Failed sign-ins and sign-ups, counted per username and per address in fixed windows (issue 12): after
 * `max` failures in `windowMs` the key is refused with 429 and Retry-After until its window ends. The
 * counters live in MongoDB, so every svc-identity instance and a restart see the same count; a TTL index
 * removes ended windows. Only failures count (a wrong password, a taken username or email): correct
 * sign-ins add nothing, so an address shared by many people is only locked by many failures, and then
 * for the rest of its window.
 */
export const ATTEMPT_LIMITS = {
  /** Wrong passwords for one account, from anywhere: guessing one password. */
  signInPerUsername: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong passwords from one address, any account: trying many accounts. */
  signInPerAddress: { max: 30, windowMs: 15 * 60_000 },
  /** Refused sign-ups (username or email taken) from one address: finding out who has an account. */
  signUpPerAddress: { max: 20, windowMs: 60 * 60_000 },
} as const;

export type AttemptLimit = { max: number; windowMs: number };
export type AttemptLimits = Record<keyof typeof ATTEMPT_LIMITS, AttemptLimit>;

interface AttemptDoc {
  /** 'sign-in:user:<username key>', 'sign-in:addr:<address>', 'sign-up:addr:<address>' */
  _id: string;
  failures: number;
  /** When the window ends: the count starts again, and the TTL monitor removes the row. */
  expiresAt: Date;
}

const attemptSchema = new Schema<AttemptDoc>(
  {
    _id: { type: String, required: true },
    failures: { type: Number, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { collection: 'auth_attempts', versionKey: false },
);

export function attemptModel(db: Connection): Model<AttemptDoc> {
  const existing = db.models.AuthAttempt as Model<AttemptDoc> | undefined;
  return existing ?? db.model<AttemptDoc>('AuthAttempt', attemptSchema);
}

export const tooManyAttempts = (retryAfterSeconds: number, what: 'sign-in' | 'sign-up') => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many failed ${what} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    429,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
};

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
    if (!row || row.failures < limit.max) return 0;
    return Math.max(1, Math.ceil((row.expiresAt.getTime() - at.getTime()) / 1000));
  }

  /** One more failure for the key: in its running window, or the first of a new one. */
  async function fail(key: string, limit: AttemptLimit): Promise<void> {
    const at = now();
    const fresh = { failures: 1, expiresAt: new Date(at.getTime() + limit.windowMs) };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const counted = await Attempt.updateOne(
        { _id: key, expiresAt: { $gt: at } },
        { $inc: { failures: 1 } },
      );
      if (counted.matchedCount === 1) return;
      // No running window: restart an ended one, else create it (a racing failure may create it first).
      const restarted = await Attempt.updateOne(
        { _id: key, expiresAt: { $lte: at } },
        { $set: fresh },
      );
      if (restarted.matchedCount === 1) return;
      try {
        await Attempt.create({ _id: key, ...fresh });
        return;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  const userKey = (username: string) => `sign-in:user:${username.trim().toLowerCase()}`;
  const signInAddressKey = (address: string) => `sign-in:addr:${address}`;
  const signUpAddressKey = (address: string) => `sign-up:addr:${address}`;

  return {
    /** Refuses (429) a sign-in for this username or from this address while either is locked. */
    async checkSignIn(username: string, address: string | undefined): Promise<void> {
      const waits = await Promise.all([
        waitFor(userKey(username), limits.signInPerUsername),
        address ? waitFor(signInAddressKey(address), limits.signInPerAddress) : 0,
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) throw tooManyAttempts(wait, 'sign-in');
    },

    async signInFailed(username: string, address: string | undefined): Promise<void> {
      await Promise.all([
        fail(userKey(username), limits.signInPerUsername),
        address ? fail(signInAddressKey(address), limits.signInPerAddress) : undefined,
      ]);
    },

    /** A correct password clears the account's count (the address keeps its own). */
    async signInSucceeded(username: string): Promise<void> {
      await Attempt.deleteOne({ _id: userKey(username) });
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
