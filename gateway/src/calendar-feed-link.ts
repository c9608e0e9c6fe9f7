import { calendarFeedTokens } from '@levelup/service-kit';

/**
 * Whether a calendar feed path carries a link this deployment issued (its tag checks out under the
 * shared identity secret). Such a request skips the miss limit per address: calendar services fetch
 * many users' feeds from a few addresses, and a guess cannot carry a good tag, so what the limit slows
 * (guessing) is unchanged. Links from before the tag (43 characters) stay under the miss limit.
 */
export function issuedFeedLinks(identitySecret: string) {
  const tokens = calendarFeedTokens(identitySecret);
  return (path: string): boolean => {
    const token = /^\/api\/calendar\/([^/]+)\.ics$/.exec(path)?.[1];
    return token !== undefined && tokens.isIssued(token);
  };
}
