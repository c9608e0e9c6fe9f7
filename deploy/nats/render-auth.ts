/**
 * `node deploy/nats/render-auth.ts`: writes deploy/nats/auth.conf from deploy/nats/users.ts. The file is
 * committed so compose and the Helm chart read it as it is; deploy's tests fail while it differs.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderAuthConf } from './users.ts';

const file = path.join(import.meta.dirname, 'auth.conf');
writeFileSync(file, renderAuthConf());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
