import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, outboxEntry, type Logger, perConnection } from '@levelup/service-kit';
import { EVENTS, makeEvent, type UserRole } from '@levelup/contracts';
import { identityModels, type UserDoc } from './models.ts';

/**
 * Who is an admin. The role is only ever given by an explicit grant: `npm run admin -- grant`, or
 * ADMIN_USERNAMES, which is applied once per listed name, at the first start that lists it, to the account
 * that has that name then. A sign-up or a rename to a listed name later gets nothing, and neither does
 * a later restart, so a configured name that nobody has yet cannot be claimed by whoever takes it first.
 * Every grant and revoke is logged and kept in `role_changes`.
 */

/** One ADMIN_USERNAMES entry that has been applied (`userId` null: nobody had the name then). */
interface ConfiguredAdminDoc {
  _id: string;
  appliedAt: Date;
  userId: string | null;
}

/** The record of one grant or revoke. */
export interface RoleChangeDoc {
  _id: string;
  at: Date;
  userId: string;
  username: string;
  role: UserRole;
  by: 'ADMIN_USERNAMES' | 'admin script';
}

interface RoleModels {
  ConfiguredAdmin: Model<ConfiguredAdminDoc>;
  RoleChange: Model<RoleChangeDoc>;
}

const configuredAdminSchema = new Schema<ConfiguredAdminDoc>(
  {
    _id: { type: String, required: true },
    appliedAt: { type: Date, required: true },
    userId: { type: String, default: null },
  },
  { collection: 'configured_admins', versionKey: false },
);

const roleChangeSchema = new Schema<RoleChangeDoc>(
  {
    _id: { type: String, default: () => randomUUID() },
    at: { type: Date, required: true },
    userId: { type: String, required: true, index: true },
    username: { type: String, required: true },
    role: { type: String, enum: ['member', 'admin'], required: true },
    by: { type: String, required: true },
  },
  { collection: 'role_changes', versionKey: false },
);

export const roleModels: (db: Connection) => RoleModels = perConnection((db) => ({
  ConfiguredAdmin: db.model<ConfiguredAdminDoc>('ConfiguredAdmin', configuredAdminSchema),
  RoleChange: db.model<RoleChangeDoc>('RoleChange', roleChangeSchema),
}));

/** ADMIN_USERNAMES as lower-case username keys. */
export function adminUsernameKeys(list: readonly string[]): string[] {
  return [...new Set(list.map((name) => name.trim().toLowerCase()).filter(Boolean))];
}

/** Sets a user's role by username, records the change and logs it; null when no user has that name. */
export async function changeRole(
  db: Connection,
  username: string,
  role: UserRole,
  by: RoleChangeDoc['by'],
  logger: Pick<Logger, 'info'>,
): Promise<UserDoc | null> {
  const { User } = identityModels(db);
  const found = await User.findOne({ usernameKey: username.trim().toLowerCase() })
    .select({ _id: 1 })
    .lean<Pick<UserDoc, '_id'>>();
  if (!found) return null;
  // Gateways reuse a session's answer (role included) for minutes: the revocation of every session of
  // the user, in the same write, makes each ask again. The running service's outbox publishes it.
  const revocation = makeEvent(EVENTS.sessionRevoked.type, { userId: found._id, reason: 'admin' });
  const user = await User.findOneAndUpdate(
    { _id: found._id },
    { $set: { role }, $push: { outbox: outboxEntry(revocation) } },
    { returnDocument: 'after' },
  ).lean<UserDoc>();
  if (!user) return null;
  await roleModels(db).RoleChange.create({
    at: new Date(),
    userId: user._id,
    username: user.username,
    role,
    by,
  });
  logger.info(role === 'admin' ? 'admin role granted' : 'admin role revoked', {
    userId: user._id,
    username: user.username,
    by,
  });
  return user;
}

/**
 * Applies each ADMIN_USERNAMES entry not applied before: the account with that name now becomes an admin;
 * when there is none, the entry is spent all the same (grant the role with the admin script later).
 * Claiming the entry first (a unique insert) keeps two instances starting together from both applying it.
 * Answers how many accounts were granted.
 */
export async function applyConfiguredAdmins(
  db: Connection,
  usernames: readonly string[],
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<number> {
  const { ConfiguredAdmin } = roleModels(db);
  const { User } = identityModels(db);
  let granted = 0;
  for (const key of adminUsernameKeys(usernames)) {
    try {
      await ConfiguredAdmin.create({ _id: key, appliedAt: new Date(), userId: null });
    } catch (err) {
      if (isDuplicateKeyError(err)) continue; // applied at an earlier start
      throw err;
    }
    const user = await User.findOne({ usernameKey: key }).lean<UserDoc>();
    if (!user) {
      logger.warn(
        'ADMIN_USERNAMES lists a name nobody has: not granted now or later (use npm run admin -- grant)',
        { username: key },
      );
      continue;
    }
    await ConfiguredAdmin.updateOne({ _id: key }, { $set: { userId: user._id } });
    if (user.role === 'admin') continue;
    await changeRole(db, key, 'admin', 'ADMIN_USERNAMES', logger);
    granted += 1;
  }
  return granted;
}
