import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for a browser vendor's push service, for tests: it accepts Web Push messages over HTTP as
 * FCM or Mozilla's autopush would, checks the sender's VAPID JWT (RFC 8292) and decrypts the payload
 * (RFC 8291, aes128gcm per RFC 8188) with the keys of a browser subscription it made, so a test reads
 * exactly what the service worker would receive. An endpoint can be marked gone (answered 410).
 * Push services are HTTPS only (web-push speaks nothing else): the stand-in serves a self-signed
 * certificate for 127.0.0.1 made with openssl, and gives it (`ca`) to whoever must trust it.
 */

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, as the service worker's push event would read it. */
  payload: string;
  ttl: number;
  /** The VAPID claims (aud, exp, sub) after the signature checked out. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

export interface FakeBrowserSubscription {
  id: string;
  /** As PushSubscription.toJSON() gives it: what the browser sends to the app server. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushServiceStandIn {
  url: string;
  /** The stand-in's certificate (PEM): trust it with an https.Agent's `ca` or NODE_EXTRA_CA_CERTS. */
  ca: string;
  /** The same certificate as a file. */
  caFile: string;
  received: ReceivedPush[];
  /** Messages refused (bad VAPID, undecryptable), with why. */
  refused: Array<{ subscriptionId: string; reason: string }>;
  /** A new browser subscription: its key pair and auth secret stay here to decrypt with. */
  subscribe(): FakeBrowserSubscription;
  /** From now on the endpoint answers 410 Gone (the user revoked permission, the browser unsubscribed). */
  expire(subscriptionId: string): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT signed by k, for this origin, not expired. */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  now = Date.now(),
): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization ?? '(none)'}`);
  const [, token = '', key = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`VAPID alg ${head.alg}`);
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4)
    throw new Error('VAPID key is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== origin) throw new Error(`VAPID aud ${body.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (!(body.exp > seconds && body.exp <= seconds + 24 * 3600))
    throw new Error('VAPID exp out of range');
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error(`VAPID sub ${body.sub}`);
  return { ...body, publicKey: key };
}

/** Decrypts an aes128gcm Web Push body with the browser's private key and auth secret (RFC 8291). */
export function decryptWebPush(
  body: Buffer,
  browser: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end -= 1;
  if (padded[end - 1] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end - 1).toString('utf8');
}

export interface PushStandInTls {
  key: string;
  cert: string;
  certFile: string;
}

/**
 * A throwaway certificate for 127.0.0.1 (key.pem, cert.pem) in `dir`, or in a fresh folder. A stack whose
 * svc-identity must trust the stand-in gets NODE_EXTRA_CA_CERTS=cert.pem at its start; the stand-in can then
 * be started later, by another process, with the same files (pushStandInTls).
 */
export function selfSignedCertificate(
  dir = mkdtempSync(path.join(tmpdir(), 'push-stand-in-')),
): PushStandInTls & { dir: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    dir,
  };
}

/** The certificate selfSignedCertificate wrote into `dir`. */
export function pushStandInTls(dir: string): PushStandInTls {
  const certFile = path.join(dir, 'cert.pem');
  return {
    key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
  };
}

export async function startPushServiceStandIn(
  options: { port?: number; tls?: PushStandInTls } = {},
): Promise<PushServiceStandIn> {
  const ownTls = options.tls ? null : selfSignedCertificate();
  const tls = options.tls ?? (ownTls as PushStandInTls);
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: PushServiceStandIn['refused'] = [];
  let origin = '';

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const body = await readBody(request);
      const browser = browsers.get(id);
      if (request.method !== 'POST' || !browser || gone.has(id)) {
        response.writeHead(browser ? 410 : 404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = verifyVapid(request.headers.authorization, origin);
        const payload = decryptWebPush(body, browser);
        received.push({ subscriptionId: id, payload, ttl: Number(request.headers.ttl), vapid });
        response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push({ subscriptionId: id, reason: (error as Error).message });
        response.writeHead(400).end((error as Error).message);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    ca: tls.cert,
    caFile: tls.certFile,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const keys = {
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        authSecret: randomBytes(16),
      };
      browsers.set(id, keys);
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(keys.publicKey), auth: b64url(keys.authSecret) },
        },
      };
    },
    expire(subscriptionId) {
      gone.add(subscriptionId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          if (ownTls) rmSync(ownTls.dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
