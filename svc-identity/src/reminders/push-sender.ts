import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import webpush from 'web-push';
import type { ReminderPushPayload } from '@levelup/contracts';
import {
  DEFAULT_PUSH_ENDPOINT_POLICY,
  addressAllowed,
  bareHost,
  endpointProblem,
  type PushEndpointPolicy,
} from './push-endpoint.ts';

/** The server's VAPID identity (RFC 8292): push services check its signed JWT on every message. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact for the push service's operators. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * delivered; gone: the push service no longer knows the subscription (404/410); refused: the endpoint is
 * not a push service this server may call (its URL, or an address its name resolves to); failed: try
 * later (an error, a timeout, another status).
 */
export type PushOutcome = 'delivered' | 'gone' | 'refused' | 'failed';

export interface PushSender {
  send(target: PushTarget, payload: ReminderPushPayload): Promise<PushOutcome>;
  /** Closes the kept-alive connections. */
  close(): void;
}

export interface PushSenderOptions {
  /** Which endpoints may be called (the default: public addresses on the https port, any host). */
  policy?: PushEndpointPolicy;
  /** The TCP connection and TLS handshake together must be done within this. */
  connectTimeoutMs?: number;
  /** The whole send (connection, request, the push service's answer) must be done within this. */
  timeoutMs?: number;
  /** One more certificate authority to trust (the tests' push service stand-in); public roots stay. */
  ca?: string | undefined;
  /** Name resolution (the system's resolver by default). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export const PUSH_SEND_DEFAULTS = { connectTimeoutMs: 2_000, timeoutMs: 5_000 };

/** How long a push service keeps an undelivered reminder for an offline browser. */
const TTL_SECONDS = 4 * 60 * 60;
/** A push service's answer is a status and a few bytes; more is read and dropped, never kept. */
const MAX_ANSWER_BYTES = 4096;

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

class RefusedAddress extends Error {
  readonly code = 'EPUSHREFUSED';
}

/**
 * The connection's own name lookup: the addresses are checked here, and the socket connects to exactly
 * the address that was checked. A second resolution that could answer differently (DNS rebinding)
 * never happens. One refused address refuses the name.
 */
function guardedLookup(
  policy: PushEndpointPolicy,
  resolve: (hostname: string) => Promise<LookupAddress[]>,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = all.filter((entry) => !options.family || entry.family === options.family);
        const refused = all.find((entry) => !addressAllowed(entry.address, policy));
        const [first] = addresses;
        if (refused || !first) {
          const error = new RefusedAddress(`push endpoint host resolves to a refused address`);
          callback(error, '', 4);
        } else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/**
 * Sends with web-push's encryption (RFC 8291, aes128gcm) and VAPID signature, over a connection of its
 * own that only reaches push services: the endpoint's URL is checked against the policy, the addresses
 * its name resolves to are checked as the connection is made, and connection and answer are bounded by
 * short timeouts so a silent endpoint costs seconds, not minutes.
 */
export function webPushSender(vapid: VapidKeys, options: PushSenderOptions = {}): PushSender {
  const policy = options.policy ?? DEFAULT_PUSH_ENDPOINT_POLICY;
  const connectTimeoutMs = options.connectTimeoutMs ?? PUSH_SEND_DEFAULTS.connectTimeoutMs;
  const timeoutMs = options.timeoutMs ?? PUSH_SEND_DEFAULTS.timeoutMs;
  const agent = new Agent({
    keepAlive: true,
    lookup: guardedLookup(policy, options.resolve ?? systemResolve),
    ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
  });

  function post(url: URL, details: webpush.RequestDetails): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        {
          method: 'POST',
          headers: details.headers,
          agent,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            kept += chunk.length;
            if (kept > MAX_ANSWER_BYTES) response.destroy();
          });
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('close', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('socket', (socket) => {
        if (request.reusedSocket) return;
        const timer = setTimeout(
          () => request.destroy(new Error('push service connection timed out')),
          connectTimeoutMs,
        );
        socket.once('secureConnect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      request.on('error', reject);
      request.end(details.body);
    });
  }

  return {
    async send(target, payload) {
      if (endpointProblem(target.endpoint, policy)) return 'refused';
      const url = new URL(target.endpoint);
      // A literal address is connected to without a lookup: it is checked here instead.
      const host = bareHost(url);
      if (isIP(host) && !addressAllowed(host, policy)) return 'refused';
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: url.href, keys: target.keys },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
          },
        );
        const status = await post(url, details);
        if (status >= 200 && status < 300) return 'delivered';
        if (status === 404 || status === 410) return 'gone';
        return 'failed';
      } catch (error) {
        return error instanceof RefusedAddress ||
          (error as { cause?: unknown }).cause instanceof RefusedAddress
          ? 'refused'
          : 'failed';
      }
    },
    close() {
      agent.destroy();
    },
  };
}

/** A fresh VAPID key pair (P-256, base64url), for a development data directory. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
