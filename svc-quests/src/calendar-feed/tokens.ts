import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { calendarFeedTokenPattern } from '@levelup/contracts';

/** SHA-256 of a token, hex: what the database keeps and looks feeds up by. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Same length, same work whatever the input: the hash of nothing a real token could be. */
const NO_FEED_HASH = hashFeedToken('');

/** Whether two hex hashes are equal, in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The hash to look a presented token up by, or the never-matching placeholder for a malformed one:
 * either way the caller does one lookup and one constant-time comparison.
 */
export function lookupHashOf(token: string): { hash: string; wellFormed: boolean } {
  const wellFormed = calendarFeedTokenPattern.test(token);
  return { hash: wellFormed ? hashFeedToken(token) : NO_FEED_HASH, wellFormed };
}

/** Seals a token for the owner's later display (AES-256-GCM; key from the service's secret). */
export function tokenSealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'levelup-calendar-feed', 'token at rest', 32));
  return {
    seal(token: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },
    /** The token, or null when the sealed value is not one this key made. */
    open(sealed: string): string | null {
      const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type TokenSealer = ReturnType<typeof tokenSealer>;
