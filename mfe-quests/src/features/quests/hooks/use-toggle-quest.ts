import { useMutation, useQueryClient } from '@tanstack/react-query';
import { levelProgress, type Quest, type UserProfile } from '@levelup/contracts';
import { fetchProfile, profileQueryKey } from '@levelup/web-kit';
import { toggleQuest } from '../api/toggle-quest.ts';
import { questsQueryKey } from '../api/quests-api.ts';

/** When the profile is read again: svc-identity applies the XP from an event, a moment after the toggle. */
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
 * Quick-complete. The quest list takes the server's answer; the cached profile takes xpDelta at once (so the
 * XP bar and level move without a reload), then is refetched shortly after so it converges on the server.
 */
export function useToggleQuest() {
  const queryClient = useQueryClient();
  // An early read can predate the event, so it is taken only once it agrees with the optimistic XP (no
  // flicker back down); the last read is taken whatever it says, so the cache ends on the server's value.
  const converge = async (lastAttempt: boolean) => {
    const fresh = await fetchProfile().catch(() => undefined);
    if (fresh === undefined) return;
    const cached = queryClient.getQueryData<UserProfile | null>(profileQueryKey);
    if (lastAttempt || !fresh || !cached || fresh.xp === cached.xp)
      queryClient.setQueryData(profileQueryKey, fresh);
  };
  return useMutation({
    mutationFn: toggleQuest,
    onSuccess: (result) => {
      const { xpDelta, ...quest } = result;
      queryClient.setQueryData<Quest[]>(questsQueryKey, (quests) =>
        quests?.map((q) => (q.id === quest.id ? quest : q)),
      );
      if (xpDelta !== 0) {
        queryClient.setQueryData<UserProfile | null>(profileQueryKey, (profile) =>
          profile ? withXpDelta(profile, xpDelta) : profile,
        );
      }
      PROFILE_REFRESH_DELAYS_MS.forEach((delay, index) => {
        const lastAttempt = index === PROFILE_REFRESH_DELAYS_MS.length - 1;
        setTimeout(() => void converge(lastAttempt), delay);
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard/overview'] });
    },
  });
}
