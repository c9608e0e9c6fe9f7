import { DEFAULT_TIME_ZONE, localDate, localHour } from '@levelup/contracts';
import { useProfile } from '@levelup/web-kit';

/**
 * "Now" in the user's IANA zone: today's local date, the hour, and the zone
 * every rule of the contracts takes. Read at render time, so a page left open past midnight moves on
 * with its next render.
 */
export function useUserDay() {
  const { data: profile } = useProfile();
  const timeZone = profile?.timeZone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  return { now, timeZone, today: localDate(now, timeZone), hour: localHour(now, timeZone) };
}
