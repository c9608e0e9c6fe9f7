/**
 * `node deploy/nats/render-auth.ts`: writes deploy/nats/auth.conf (compose's server) and
 * deploy/nats/helm/values-auth.yaml (the Helm chart's servers) from deploy/nats/users.ts. Both are
 * committed so compose and Helm read them as they are; deploy's tests fail while either differs.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderAuthConf } from './users.ts';
import { renderHelmAuthValues } from './helm-values.ts';

const outputs: Array<[string, string]> = [
  [path.join(import.meta.dirname, 'auth.conf'), renderAuthConf()],
  [path.join(import.meta.dirname, 'helm', 'values-auth.yaml'), renderHelmAuthValues()],
];
for (const [file, text] of outputs) {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
