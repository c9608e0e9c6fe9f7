import type { Goal, GoalTemplate, JourneyResponse, Series } from '@levelup/contracts';

export function goalFixture(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 'g1',
    title: 'Run a 5k',
    description: 'Build up to a 5k run',
    theme: 'health',
    targetXp: 300,
    currentXp: 150,
    cadence: 'monthly',
    color: 'green',
    icon: null,
    status: 'active',
    difficulty: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function templateFixture(overrides: Partial<GoalTemplate> = {}): GoalTemplate {
  return {
    id: 't1',
    title: 'Read 12 Books',
    description: 'One book a month',
    theme: 'learning',
    targetXp: 600,
    cadence: 'monthly',
    color: 'purple',
    ...overrides,
  };
}

export const emptyJourney: JourneyResponse = { linkedSeries: [] };

export function seriesFixture(overrides: Partial<Series> = {}): Series {
  return {
    id: 's1',
    title: 'Morning run',
    description: '',
    difficulty: 'medium',
    xpReward: 20,
    timeEstimate: null,
    category: 'health_fitness',
    timeOfDay: 'morning',
    growthPath: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    recurrenceType: 'daily',
    recurrenceInterval: 1,
    weeklyPattern: null,
    monthlyBy: 'day_of_month',
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: null,
    isActive: true,
    checklist: [],
    completeWhenChecklistDone: false,
    todaysOccurrence: null,
    yesterdaysOccurrence: null,
    ...overrides,
  };
}
