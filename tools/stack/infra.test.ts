import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureSecrets, generateVapidKeyPair } from './infra.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'levelup-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the launcher’s secrets', () => {
  it('when a VAPID key pair is generated, then the public key is the private key’s point (uncompressed P-256)', () => {
    const { publicKey, privateKey } = generateVapidKeyPair();
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(Buffer.from(publicKey, 'base64url')).toEqual(ecdh.getPublicKey());
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('when the data folder is new, then every secret is generated once and the next start reads the same', () => {
    const dir = tempDir();
    const first = ensureSecrets(dir);
    expect(first.vapidPublicKey).toBeTruthy();
    expect(ensureSecrets(dir)).toEqual(first);
  });

  it('when a data folder from before reminders has no VAPID keys, then they are added and the other secrets kept', () => {
    const dir = tempDir();
    const old = { identitySecret: 'a'.repeat(64), sessionKeys: 'b'.repeat(48) };
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(old));
    const secrets = ensureSecrets(dir);
    expect(secrets).toMatchObject(old);
    expect(secrets.vapidPrivateKey).toBeTruthy();
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual(secrets);
  });
});
