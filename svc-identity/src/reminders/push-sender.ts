import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { ReminderPushPayload } from '@levelup/contracts';

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

/** delivered; gone: the push service no longer knows the subscription (404/410); failed: try later. */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

export interface PushSender {
  send(target: PushTarget, payload: ReminderPushPayload): Promise<PushOutcome>;
}

/** How long a push service keeps an undelivered reminder for an offline browser. */
const TTL_SECONDS = 4 * 60 * 60;

/** Sends with web-push: the payload encrypted for the browser (RFC 8291, aes128gcm), signed with VAPID. */
export function webPushSender(
  vapid: VapidKeys,
  options: { timeoutMs?: number; agent?: Agent | undefined } = {},
): PushSender {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'delivered';
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        return 'failed';
      }
    },
  };
}

/** A fresh VAPID key pair (P-256, base64url), for a development data directory. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
