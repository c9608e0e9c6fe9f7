/**
 * How many of each thing one member may keep: far above what a heavy real user keeps, low enough that
 * one account cannot fill the database (or, for sessions and meetups, everyone's lists). Checked by the
 * owning service before it writes (a count of the member's items, then the insert); past a quota the
 * answer is 409 `QUOTA_REACHED` with `quotaReachedMessage` and nothing is written. Two creates racing
 * can each see room for one, so a quota may be passed by the number of requests in flight at once
 * (which the gateway's per-user write limits keep small). Raising a number is a release of the
 * owning service; lowering one refuses new items only, nothing kept is removed.
 */
export interface StorageQuota {
  /** The most a member may keep. */
  max: number;
  /** What is counted, plural, as the message names it: 'life tasks'. */
  what: string;
  /** What frees room, after the semicolon: 'delete some to add more'. */
  remedy: string;
}

export const STORAGE_QUOTAS = {
  /** svc-goals: goals not deleted (active, paused and completed alike). */
  goals: { max: 200, what: 'goals', remedy: 'delete some to add more' },
  /** svc-quests: life tasks not deleted (done ones included: they come back). */
  lifeTasks: { max: 1000, what: 'life tasks', remedy: 'delete some to add more' },
  /** svc-quests: habits to break (deleting one removes it with its slips). */
  breakHabits: { max: 200, what: 'habits to break', remedy: 'delete some to add more' },
  /** svc-quests: one-off quests not completed and not deleted, plus every series not deleted. */
  activeQuests: {
    max: 5000,
    what: 'active quests and series',
    remedy: 'complete or delete some to add more',
  },
  /** svc-community: body-doubling sessions the member hosts that are upcoming or live (not cancelled). */
  hostedSessions: {
    max: 20,
    what: 'upcoming sessions you host',
    remedy: 'cancel one or wait until one has ended to add more',
  },
  /** svc-community: meetups the member created that have not started yet. */
  hostedMeetups: {
    max: 20,
    what: 'upcoming meetups you host',
    remedy: 'wait until one has started to add more',
  },
} as const satisfies Record<string, StorageQuota>;

export type StorageQuotaName = keyof typeof STORAGE_QUOTAS;

/** 'You have reached the limit of 1000 life tasks; delete some to add more.' */
export function quotaReachedMessage(quota: StorageQuota): string {
  return `You have reached the limit of ${quota.max} ${quota.what}; ${quota.remedy}.`;
}
