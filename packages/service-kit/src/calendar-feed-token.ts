import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { CALENDAR_FEED_TAG_BYTES, CALENDAR_FEED_TOKEN_BYTES } from '@levelup/contracts';

/**
 * Calendar feed secrets that say who made them: random bytes followed by a tag (an HMAC of those
 * bytes under a key derived from the deployment's identity secret). svc-quests issues them; the gateway
 * tells a link it issued from a guess without a database, so the miss limit per address (which slows
 * guessing) never refuses a link the deployment handed out, however many users' feeds one calendar
 * service fetches from its address. A tag does not make a feed current: a rotated link still misses.
 */
export function calendarFeedTokens(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'levelup-calendar-feed', 'feed link tag', 32));
  const tagOf = (random: Buffer) =>
    createHmac('sha256', key).update(random).digest().subarray(0, CALENDAR_FEED_TAG_BYTES);
  const length = CALENDAR_FEED_TOKEN_BYTES + CALENDAR_FEED_TAG_BYTES;

  return {
    /** A new feed secret: 256 random bits and a 128-bit tag, base64url (64 characters). */
    issue(): string {
      const random = randomBytes(CALENDAR_FEED_TOKEN_BYTES);
      return Buffer.concat([random, tagOf(random)]).toString('base64url');
    },
    /** Whether this deployment issued the token (current or rotated since); never true for a guess. */
    isIssued(token: string): boolean {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return false;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== length || bytes.toString('base64url') !== token) return false;
      const random = bytes.subarray(0, CALENDAR_FEED_TOKEN_BYTES);
      return timingSafeEqual(bytes.subarray(CALENDAR_FEED_TOKEN_BYTES), tagOf(random));
    },
  };
}
export type CalendarFeedTokens = ReturnType<typeof calendarFeedTokens>;
