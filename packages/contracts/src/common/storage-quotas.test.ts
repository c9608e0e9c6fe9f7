import { describe, expect, it } from 'vitest';
import { STORAGE_QUOTAS, quotaReachedMessage } from './storage-quotas.ts';

describe('storage quotas', () => {
  it.each([
    [STORAGE_QUOTAS.goals, 'You have reached the limit of 200 goals; delete some to add more.'],
    [
      STORAGE_QUOTAS.lifeTasks,
      'You have reached the limit of 1000 life tasks; delete some to add more.',
    ],
    [
      STORAGE_QUOTAS.breakHabits,
      'You have reached the limit of 200 habits to break; delete some to add more.',
    ],
    [
      STORAGE_QUOTAS.activeQuests,
      'You have reached the limit of 5000 active quests and series; complete or delete some to add more.',
    ],
    [
      STORAGE_QUOTAS.hostedSessions,
      'You have reached the limit of 20 upcoming sessions you host; cancel one or wait until one has ended to add more.',
    ],
    [
      STORAGE_QUOTAS.hostedMeetups,
      'You have reached the limit of 20 upcoming meetups you host; wait until one has started to add more.',
    ],
  ])('the refusal names the limit: %o', (quota, message) => {
    expect(quotaReachedMessage(quota)).toBe(message);
  });
});
