import { useQueryClient } from '@tanstack/react-query';
import { API, levelProgress, type UserProfile } from '@levelup/contracts';
import { fetchProfile, profileQueryKey, queryKeyOf } from '@levelup/web-kit';

/**
 * When the profile and the goals are read again: svc-identity applies the XP, and svc-goals moves the
 * goals linked to the quest, from the completion's event, a moment after the change.
 */
export const PROFILE_REFRESH_DELAYS_MS = [300, 1500] as const;

/** The profile with an XP change applied locally, level fields recomputed with the contracts' rule. */
export function withXpDelta(profile: UserProfile, xpDelta: number): UserProfile {
  const xp = Math.max(0, profile.xp + xpDelta);
  const progress = levelProgress(xp);
  return {
    ...profile,
    xp,
    level: progress.level,
    xpIntoLevel: progress.xpIntoLevel,
    xpToNextLevel: progress.xpToNextLevel,
    levelProgressPercent: progress.percent,
  };
}

/**
 * Applies an XP change to the cached profile at once (so the XP bar, the level and the level-up dialog
 * move without a reload), then reads the profile again shortly after so the cache converges on the
 * server; the goals are read again at the same moments (a linked goal moves, or reaches its target,
 * without a reload). An early read can predate the event, so it is taken only once it agrees with the optimistic
 * XP (no flicker back down); the last read is taken whatever it says.
 */
export function useXpChange() {
  const queryClient = useQueryClient();
  const converge = async (lastAttempt: boolean) => {
    const fresh = await fetchProfile().catch(() => undefined);
    if (fresh === undefined) return;
    const cached = queryClient.getQueryData<UserProfile | null>(profileQueryKey);
    if (lastAttempt || !fresh || !cached || fresh.xp === cached.xp)
      queryClient.setQueryData(profileQueryKey, fresh);
  };
  return (xpDelta: number) => {
    if (xpDelta === 0) return;
    queryClient.setQueryData<UserProfile | null>(profileQueryKey, (profile) =>
      profile ? withXpDelta(profile, xpDelta) : profile,
    );
    PROFILE_REFRESH_DELAYS_MS.forEach((delay, index) => {
      const lastAttempt = index === PROFILE_REFRESH_DELAYS_MS.length - 1;
      setTimeout(() => {
        void converge(lastAttempt);
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(API.listGoals) });
      }, delay);
    });
  };
}
