import { DEFAULT_TIME_ZONE, localDate, localHour } from '@levelup/contracts';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '@levelup/web-kit';

/**
 * "Now" in the user's IANA zone: today's local date, the hour, and the zone
 * every rule of the contracts takes. Read at render time, so a page left open past midnight moves on
 * with its next render. Only the zone is read from the profile, so the pages built on it (the dashboard,
 * its lists) are not rendered again by every XP change.
 */
export function useUserDay() {
  const { data: zone } = useQuery({
    ...profileQueryOptions,
    select: (profile) => profile?.timeZone,
  });
  const timeZone = zone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  return { now, timeZone, today: localDate(now, timeZone), hour: localHour(now, timeZone) };
}
