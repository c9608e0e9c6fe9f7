/**
 * Grants or revokes the admin role: `npm run admin -- grant <username>` or `... revoke <username>`, the only
 * way to make an admin after the first start. Talks to svc-identity's database directly (MONGO_URL, MONGO_DB
 * as the service reads them), logs the change and records it in `role_changes`; the change also
 * revokes the user's sessions' cached answers (identity.session_revoked through the user's outbox, which
 * the running svc-identity publishes), so the gateways use the new role within seconds.
 */
import { z } from 'zod';
import { connectMongo, createLogger, loadConfig } from '@levelup/service-kit';
import { identityEnv } from '../src/config.ts';
import { changeRole } from '../src/users/roles.ts';

const [command, username] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !username) {
  console.error('usage: npm run admin -- grant <username> | revoke <username>');
  process.exit(2);
}
const config = loadConfig({ MONGO_URL: identityEnv.MONGO_URL, MONGO_DB: identityEnv.MONGO_DB });
const db = await connectMongo(config.MONGO_URL, z.string().parse(config.MONGO_DB));
try {
  const user = await changeRole(
    db,
    username,
    command === 'grant' ? 'admin' : 'member',
    'admin script',
    createLogger('svc-identity-admin'),
  );
  if (!user) {
    console.error(`no user named ${username}`);
    process.exitCode = 1;
  } else {
    console.log(`${user.username} is now ${user.role === 'admin' ? 'an admin' : 'a member'}`);
  }
} finally {
  await db.close();
}
