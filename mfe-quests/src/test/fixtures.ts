// Test data for mfe-quests' component tests, in the contracts' shapes.
import type { LifeTask, Occurrence, Quest, Series } from '@levelup/contracts';
import { profileFixture, type MockRoute } from '@levelup/web-kit/testing';

export const zeroOverview = {
  totalXpEarned: 0,
  totalQuestsCompleted: 0,
  totalQuestsCreated: 0,
  questsCompletedThisWeek: 0,
  currentStreak: 0,
  longestStreak: 0,
  activeGoalsCount: 0,
  completedGoalsCount: 0,
};

export function questFixture(overrides: Partial<Quest> = {}): Quest {
  return {
    id: 'q1',
    title: 'Morning walk',
    description: 'Twenty minutes around the block',
    difficulty: 'easy',
    xpReward: 20,
    timeEstimate: null,
    dueDate: null,
    scheduledTime: null,
    category: null,
    isRecurring: false,
    timeOfDay: 'anytime',
    isCompleted: false,
    completionType: 'not_completed',
    completedAt: null,
    createdAt: '2026-11-22T07:00:00.000Z',
    streak: 0,
    growthPath: null,
    tags: [],
    seriesId: null,
    checklist: [],
    completeWhenChecklistDone: false,
    ...overrides,
  };
}

export function occurrenceFixture(overrides: Partial<Occurrence> = {}): Occurrence {
  return {
    id: 'o1',
    seriesId: 's1',
    title: 'Meditate',
    description: 'Ten quiet minutes',
    difficulty: 'easy',
    xpReward: 30,
    timeEstimate: null,
    category: null,
    timeOfDay: 'anytime',
    scheduledFor: '2026-11-22',
    isCompleted: false,
    completionType: 'not_completed',
    progressNotes: null,
    partialXpEarned: 0,
    completedAt: null,
    hiddenFromDashboard: false,
    skipped: false,
    createdAt: '2026-11-22T00:00:00.000Z',
    checklist: [],
    completeWhenChecklistDone: false,
    ...overrides,
  };
}

export function seriesFixture(overrides: Partial<Series> = {}): Series {
  return {
    id: 's1',
    title: 'Meditate',
    description: 'Ten quiet minutes',
    difficulty: 'easy',
    xpReward: 30,
    timeEstimate: null,
    category: null,
    timeOfDay: 'morning',
    growthPath: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    recurrenceType: 'daily',
    recurrenceInterval: 1,
    weeklyPattern: null,
    monthlyBy: 'day_of_month',
    startDate: '2026-11-01T00:00:00.000Z',
    endDate: null,
    isActive: true,
    checklist: [],
    completeWhenChecklistDone: false,
    todaysOccurrence: {
      id: 'o1',
      isCompleted: false,
      completionType: 'not_completed',
      hiddenFromDashboard: false,
      xpReward: 30,
      scheduledFor: '2026-11-22',
    },
    yesterdaysOccurrence: null,
    ...overrides,
  };
}

export function lifeTaskFixture(overrides: Partial<LifeTask> = {}): LifeTask {
  return {
    id: 't1',
    title: 'Pay rent',
    notes: null,
    category: 'bills',
    priority: 'high',
    isCompleted: false,
    completedAt: null,
    dueDate: null,
    isRecurring: false,
    recurrenceType: 'weeks',
    recurrenceInterval: 1,
    nextDueDate: null,
    maintenanceXp: 2,
    color: 'amber',
    isActive: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

/** Every read the dashboard makes, answering an empty account; override any route. */
export function dashboardRoutes(
  overrides: Record<string, MockRoute> = {},
  { xp = 0 }: { xp?: number } = {},
): Record<string, MockRoute> {
  return {
    'GET /api/user/profile': { body: profileFixture({ xp }) },
    'GET /api/dashboard/overview': { body: { ...zeroOverview, totalXpEarned: xp } },
    'GET /api/goals': { body: [] },
    'GET /api/quests': { body: [] },
    'GET /api/quests/recurring': { body: [] },
    'GET /api/life-tasks': { body: [] },
    'GET /api/todos': { body: [] },
    'GET /api/quests/with-occurrences': { body: { quests: [], occurrences: [] } },
    'GET /api/quests/occurrences': { body: [] },
    'GET /api/dashboard/calendar': { body: {} },
    ...overrides,
  };
}
