import { toInstant } from './instant.ts';

/**
 * Relative time of posts and feed items: minutes, hours, days, or 'just now'.
 * Under a minute (or in the future, from clock skew) is 'just now'; a missing time is 'Recently'
 * (feed card).
 */
export function relativeTime(when: Date | string | null | undefined, now: Date): string {
  const instant = toInstant(when);
  if (!instant) return 'Recently';
  const seconds = Math.floor((now.getTime() - instant.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
