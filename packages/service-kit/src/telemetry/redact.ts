import { CALENDAR_FEED_PREFIX } from '@levelup/contracts';

/**
 * Secrets that travel in URLs, found by pattern and replaced wherever a path or URL is written down: log
 * lines (their message, fields and errors, logger.ts) and span attributes and events (tracing.ts), in
 * every service and the gateway. A calendar feed's link is its credential (its token is the last path
 * segment); the sign-in provider's `code` and `state` and the email verification `token` come as query
 * parameters (any `*token`, `*state`, `code`, `password` or `secret` parameter is treated the same).
 */
export const REDACTED = '[redacted]';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The prefix with any run of slashes and any case, as a router that normalises would still match. */
const FEED_PREFIX = CALENDAR_FEED_PREFIX.split('/').filter(Boolean).map(escaped).join('/+');
const SECRETS = new RegExp(
  [
    // /api/calendar/<token>.ics: the segment after the prefix
    `(/+${FEED_PREFIX}/+)[^/?#\\s"'<>]+`,
    // ?code=...&state=...&token=...: the value
    `([?&;](?:code|[a-z_]*state|[a-z_]*token|password|secret)=)[^&#\\s"'<>]*`,
  ].join('|'),
  'gi',
);

/** The text with every secret of a path or query replaced by '[redacted]' (the text itself if none). */
export function redactUrl(text: string): string {
  return text.replace(SECRETS, (_match, path?: string, query?: string) =>
    path === undefined ? `${query}${REDACTED}` : `${path}${REDACTED}`,
  );
}

/** Redacts a value if it is a string; other values as they are. */
export function redactValue<T>(value: T): T {
  return (typeof value === 'string' ? redactUrl(value) : value) as T;
}
