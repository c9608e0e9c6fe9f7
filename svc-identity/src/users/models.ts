import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { indexOutbox, outboxSchemaFields, type OutboxEntry } from '@levelup/service-kit';
import type { UserRole, XpSource } from '@levelup/contracts';

/** The 100 first users are founders. */
export const FOUNDER_LIMIT = 100;

export interface UserDoc {
  _id: string;
  username: string;
  /** Lower-case username: usernames are unique regardless of case. */
  usernameKey: string;
  /** Stored lower-case. */
  email: string;
  /** When the user proved the email is theirs (the emailed link, or a provider that vouched for it). */
  emailVerifiedAt?: Date;
  displayName: string;
  passwordHash: string;
  timeZone: string;
  userNumber: number;
  isFounder: boolean;
  /** 'admin' for ADMIN_USERNAMES and `npm run admin -- grant`; absent (member) otherwise. */
  role?: UserRole;
  /**
   * Sum of the applied XP ledger rows. It can dip below 0 for a moment when a revocation arrives
   * before its completion; screens show max(0, xp) (users/profile.ts). Level is derived from it.
   */
  xp: number;
  /** Ledger ids whose XP is being added (see xp/apply-xp-event.ts); empty except mid-apply. */
  xpApplying: string[];
  /**
   * The ids of the user's latest XP events (at most XP_RECENT_WINDOW), added in the same update as their
   * XP: an event id found here is in the total already (xp/apply-xp-event.ts).
   */
  xpRecent: string[];
  /** Bumped by every XP change, so a reconciliation from the ledger never overwrites a newer total. */
  xpVersion: number;
  createdAt: Date;
  updatedAt: Date;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

export interface CounterDoc {
  _id: string;
  seq: number;
}

/** One row per XP event; the event id is the key, so an event can only be applied once. */
export interface XpLedgerDoc {
  _id: string;
  userId: string;
  xpDelta: number;
  type: string;
  at: Date;
  /** True once the row's XP is in the user's total. */
  applied: boolean;
  /** For the XP history ('why this XP'); absent on rows written before they were kept. */
  source?: XpSource;
  title?: string;
  localDate?: string;
}

export interface SessionDoc {
  _id: string;
  data: Record<string, unknown>;
  userId: string | null;
  expiresAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, default: () => randomUUID() },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    emailVerifiedAt: { type: Date },
    displayName: { type: String, required: true },
    passwordHash: { type: String, required: true },
    timeZone: { type: String, required: true, default: 'UTC' },
    userNumber: { type: Number, required: true },
    isFounder: { type: Boolean, required: true },
    role: { type: String, enum: ['member', 'admin'] },
    xp: { type: Number, required: true, default: 0 },
    xpApplying: { type: [String], default: [] },
    xpRecent: { type: [String], default: [] },
    xpVersion: { type: Number, required: true, default: 0 },
    ...outboxSchemaFields,
  },
  { collection: 'users', timestamps: true, versionKey: false },
);

indexOutbox(userSchema);

const counterSchema = new Schema<CounterDoc>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true, default: 0 } },
  { collection: 'counters', versionKey: false },
);

const xpLedgerSchema = new Schema<XpLedgerDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    xpDelta: { type: Number, required: true },
    type: { type: String, required: true },
    at: { type: Date, required: true },
    applied: { type: Boolean, required: true, default: false },
    source: { type: String },
    title: { type: String },
    localDate: { type: String },
  },
  { collection: 'xp_ledger', versionKey: false },
);
// The XP history reads a user's rows newest first.
xpLedgerSchema.index({ userId: 1, at: -1 });

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    userId: { type: String, default: null, index: true },
    // TTL: the server removes expired sessions; get() still checks, as the TTL monitor runs once a minute.
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { collection: 'auth_sessions', versionKey: false, minimize: false },
);

export interface IdentityModels {
  User: Model<UserDoc>;
  Counter: Model<CounterDoc>;
  XpLedger: Model<XpLedgerDoc>;
  Session: Model<SessionDoc>;
}

const cache = new WeakMap<Connection, IdentityModels>();

export function identityModels(db: Connection): IdentityModels {
  let models = cache.get(db);
  if (!models) {
    models = {
      User: db.model<UserDoc>('User', userSchema),
      Counter: db.model<CounterDoc>('Counter', counterSchema),
      XpLedger: db.model<XpLedgerDoc>('XpLedger', xpLedgerSchema),
      Session: db.model<SessionDoc>('Session', sessionSchema),
    };
    cache.set(db, models);
  }
  return models;
}

/** Unique and TTL indexes must exist before the first request relies on them. */
export async function ensureIdentityIndexes(models: IdentityModels): Promise<void> {
  await Promise.all(Object.values(models).map((model: Model<never>) => model.init()));
}
