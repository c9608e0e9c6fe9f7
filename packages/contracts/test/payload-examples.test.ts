// Example payloads of the public operations, written as a client or service sends them, parse with their
// contract; response shapes survive a JSON round trip unchanged. Imports go through the package root, as
// other workspaces do.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as c from '@levelup/contracts';

const T = '2026-11-22T09:30:00.000Z';

const quest = {
  id: 'q1',
  title: 'Morning walk',
  description: 'Walk around the block twice.',
  difficulty: 'easy',
  xpReward: 25,
  timeEstimate: '15 min',
  dueDate: '2026-11-22T22:59:59.999Z',
  scheduledTime: null,
  category: 'morning_routine',
  isRecurring: false,
  timeOfDay: 'morning',
  isCompleted: false,
  completionType: 'not_completed',
  completedAt: null,
  createdAt: T,
  streak: 0,
  growthPath: 'physical_growth',
  tags: ['outdoors'],
  seriesId: null,
  checklist: [{ id: 's1', text: 'Shoes on', done: true }],
  completeWhenChecklistDone: false,
};
const occurrence = {
  id: 'o1',
  seriesId: 's1',
  title: 'Journal',
  description: 'Write three lines about today.',
  difficulty: 'easy',
  xpReward: 20,
  timeEstimate: null,
  category: 'self_care',
  timeOfDay: 'evening',
  scheduledFor: '2026-11-22',
  isCompleted: false,
  completionType: 'not_completed',
  progressNotes: null,
  partialXpEarned: 0,
  completedAt: null,
  hiddenFromDashboard: false,
  skipped: false,
  createdAt: T,
  checklist: [{ id: 'st1', text: 'Date the page', done: true }],
  completeWhenChecklistDone: true,
};
const summary = {
  id: 'o1',
  isCompleted: true,
  completionType: 'completed',
  hiddenFromDashboard: false,
  xpReward: 20,
  scheduledFor: '2026-11-22',
};
const series = {
  id: 's1',
  title: 'Journal',
  description: 'Write three lines about today.',
  difficulty: 'easy',
  xpReward: 20,
  timeEstimate: null,
  category: 'self_care',
  timeOfDay: 'evening',
  growthPath: 'inner_growth',
  recurrenceType: 'weekly',
  recurrenceInterval: 1,
  weeklyPattern: [1, 3, 5],
  monthlyBy: 'day_of_month',
  startDate: T,
  endDate: null,
  isActive: true,
  createdAt: T,
  todaysOccurrence: summary,
  yesterdaysOccurrence: null,
  checklist: [{ id: 'st1', text: 'Date the page' }],
  completeWhenChecklistDone: true,
};
const lifeTask = {
  id: 'l1',
  title: 'Pay rent',
  notes: null,
  category: 'bills',
  priority: 'urgent',
  isCompleted: false,
  completedAt: null,
  dueDate: '2026-11-30T22:59:59.999Z',
  isRecurring: true,
  recurrenceType: 'months',
  recurrenceInterval: 1,
  nextDueDate: null,
  maintenanceXp: 2,
  color: 'amber',
  isActive: true,
  createdAt: T,
};
const goal = {
  id: 'g1',
  title: 'Read 12 books',
  description: 'One a month.',
  theme: 'learning',
  targetXp: 300,
  currentXp: 120,
  cadence: 'monthly',
  color: 'blue',
  icon: null,
  status: 'active',
  difficulty: 'medium',
  createdAt: T,
  completedAt: null,
};
const talentNode = {
  nodeKey: 'mindful_start',
  title: 'Mindful Start',
  description: 'Begin each day with intention.',
  path: 'inner_growth',
  tier: 1,
  icon: 'sun',
  position: { x: 100, y: 40 },
  completionsRequired: 3,
  isKeystone: false,
  isBranch: false,
  prerequisites: [],
  effects: [{ name: 'Calm', type: 'passive' }],
  unlockMessage: 'You feel centred.',
};

// [what, schema, payload]
const requests: [string, z.ZodType, unknown][] = [
  ['login payload', c.loginRequestSchema, { username: 'ada', password: 'secret1' }],
  [
    'register payload',
    c.registerRequestSchema,
    { username: 'ada', email: 'ada@example.com', password: 'secret1', displayName: 'Ada' },
  ],
  [
    'register with a time zone',
    c.registerRequestSchema,
    {
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
      displayName: 'Ada',
      timeZone: 'America/New_York',
    },
  ],
  [
    'profile edit payload',
    c.profileUpdateRequestSchema,
    { displayName: 'Ada L', username: 'ada_l' },
  ],
  [
    'POST /api/quests',
    c.createQuestRequestSchema,
    {
      title: 'Morning walk',
      description: 'Walk around the block twice.',
      difficulty: 'easy',
      xpReward: 25,
      timeEstimate: '15 min',
      dueDate: '2026-11-22T22:59:59.999Z',
      scheduledTime: '',
      tags: [],
      isOnboarding: false,
      isRecurring: false,
      category: 'morning_routine',
      timeOfDay: 'morning',
    },
  ],
  [
    'POST /api/quests with a Date',
    c.createQuestRequestSchema,
    {
      title: 'Stretch',
      description: 'Ten minutes of stretching.',
      dueDate: new Date(T),
      scheduledTime: null,
    },
  ],
  [
    'POST /api/quests/recurring',
    c.createSeriesRequestSchema,
    {
      title: 'Journal',
      description: 'Write three lines about today.',
      difficulty: 'easy',
      xpReward: 20,
      timeEstimate: '5 min',
      category: 'self_care',
      timeOfDay: 'evening',
      recurrenceType: 'weekly',
      recurrenceInterval: 1,
      weeklyPattern: [1, 3, 5],
      startDate: T,
      endDate: null,
    },
  ],
  [
    'PATCH .../progress',
    c.progressUpdateRequestSchema,
    { completionType: 'partial', progressNotes: null },
  ],
  [
    'PATCH /api/quests/{id} (scheduling sheet)',
    c.updateQuestRequestSchema,
    { scheduledTime: '2026-11-22T13:00:00.000Z' },
  ],
  [
    'GET /api/quests/grouped query',
    c.questRangeQuerySchema,
    { startDate: '2026-11-22', endDate: '2026-11-28' },
  ],
  [
    'GET /api/quests/occurrences query (ISO)',
    c.questRangeQuerySchema,
    { startDate: '2026-11-22T00:00:00.000Z', endDate: '2026-11-28T23:59:59.999Z' },
  ],
  [
    'POST /api/life-tasks',
    c.createLifeTaskRequestSchema,
    {
      title: 'Pay rent',
      notes: 'Transfer before the 1st',
      category: 'bills',
      priority: 'urgent',
      recurrenceInterval: 1,
      recurrenceType: 'months',
    },
  ],
  [
    'POST /api/life-tasks full shape',
    c.createLifeTaskRequestSchema,
    {
      title: 'Water plants',
      notes: '',
      dueDate: '',
      isRecurring: true,
      recurrenceType: 'weeks',
      recurrenceInterval: 1,
      maintenanceXp: 2,
      category: 'household',
      priority: 'low',
      color: 'amber',
    },
  ],
  [
    'GET /api/life-tasks?includeCompleted=true',
    c.lifeTaskListQuerySchema,
    { includeCompleted: 'true' },
  ],
  ['GET /api/dashboard/calendar?month', c.calendarQuerySchema, { month: '2026-11' }],
  ['GET /api/community/feed?limit', c.communityFeedQuerySchema, { limit: '10' }],
  [
    'POST /api/posts',
    c.createPostRequestSchema,
    { content: 'Finished my first week!', type: 'win' },
  ],
  [
    'POST /api/goals',
    c.createGoalRequestSchema,
    {
      title: 'Read 12 books',
      description: 'One a month.',
      theme: 'learning',
      targetXp: 300,
      cadence: 'monthly',
      color: 'blue',
    },
  ],
  ['update goal: status', c.updateGoalRequestSchema, { status: 'paused' }],
  [
    'update goal: fields',
    c.updateGoalRequestSchema,
    {
      title: 'Read 10 books',
      description: '',
      theme: 'learning',
      targetXp: 250,
      cadence: 'monthly',
      color: 'green',
    },
  ],
  ['add progress (xpGain)', c.addGoalProgressRequestSchema, { xpGain: 10 }],
  ['link series', c.linkSeriesRequestSchema, { seriesId: 's1', xpPerOccurrence: 30 }],
  [
    'POST /api/feedback',
    c.createFeedbackRequestSchema,
    {
      category: 'bug',
      message: 'The button does nothing.',
      url: '/quests',
      userAgent: 'Mozilla/5.0',
    },
  ],
  [
    'PATCH /api/feedback/{id}',
    c.reviewFeedbackRequestSchema,
    { isReviewed: true, adminNotes: 'Fixed in beta 3' },
  ],
  [
    'POST /api/sessions',
    c.createSessionRequestSchema,
    {
      title: 'Deep work',
      description: 'Two pomodoros.',
      startTime: '2026-11-25T15:00:00.000Z',
      duration: 90,
      maxParticipants: 6,
      category: 'focus',
    },
  ],
];

const responses: [string, z.ZodType, unknown][] = [
  ['error body', c.apiErrorSchema, { error: { code: 'not_found', message: 'Quest not found' } }],
  [
    'user profile',
    c.userProfileSchema,
    {
      id: 'u1',
      username: 'ada',
      email: 'ada@example.com',
      displayName: 'Ada',
      level: 2,
      xp: 150,
      xpIntoLevel: 50,
      xpToNextLevel: 200,
      levelProgressPercent: 25,
      joinedAt: T,
      isFounder: true,
      userNumber: 12,
      timeZone: 'Europe/Berlin',
      initials: 'A',
      role: 'member',
    },
  ],
  ['GET /api/quests', c.questListResponseSchema, [quest]],
  [
    'POST /api/quests/{id}/toggle',
    c.toggleQuestResponseSchema,
    { ...quest, isCompleted: true, completionType: 'completed', completedAt: T, xpDelta: 25 },
  ],
  [
    'POST /api/quests/occurrences/{id}/toggle',
    c.occurrenceToggleResponseSchema,
    { ...occurrence, xpDelta: 20 },
  ],
  ['GET /api/quests/occurrences', c.occurrenceListResponseSchema, [occurrence]],
  ['GET /api/quests/recurring', c.seriesListResponseSchema, [series]],
  [
    'GET /api/quests/recurring-series',
    c.seriesChoiceListResponseSchema,
    [{ id: 's1', title: 'Journal' }],
  ],
  [
    'GET /api/quests/grouped',
    c.groupedQuestsResponseSchema,
    { regularQuests: [quest], recurringSeries: [series], lifeTasks: [lifeTask] },
  ],
  [
    'GET /api/quests/with-occurrences',
    c.questsWithOccurrencesResponseSchema,
    { quests: [quest], occurrences: [occurrence] },
  ],
  ['POST /api/quests/clear-completed', c.clearCompletedResponseSchema, { clearedCount: 3 }],
  ['GET /api/life-tasks', c.lifeTaskListResponseSchema, [lifeTask]],
  [
    'POST /api/life-tasks/{id}/complete',
    c.lifeTaskCompleteResponseSchema,
    { ...lifeTask, isCompleted: true, completedAt: T, xpEarned: 2 },
  ],
  [
    'GET /api/todos',
    c.todoListResponseSchema,
    [
      {
        id: 't1',
        text: 'Call mum',
        dueDate: null,
        isCompleted: false,
        createdAt: T,
        completedAt: null,
      },
    ],
  ],
  [
    'GET /api/dashboard/overview',
    c.dashboardOverviewSchema,
    {
      totalXpEarned: 450,
      totalQuestsCompleted: 12,
      totalQuestsCreated: 20,
      questsCompletedThisWeek: 4,
      currentStreak: 3,
      longestStreak: 9,
      activeGoalsCount: 2,
      completedGoalsCount: 1,
    },
  ],
  [
    'GET /api/dashboard/calendar',
    c.calendarResponseSchema,
    {
      '2026-11-21': {
        questsCompleted: 2,
        goalsCompleted: [{ id: 'g1', title: 'Read' }],
        lifeTasksCompleted: 1,
        totalXp: 45,
        maintenanceXp: 2,
      },
    },
  ],
  [
    'GET /api/posts',
    c.postListResponseSchema,
    [
      {
        id: 'p1',
        content: 'Finished my first week!',
        type: 'win',
        likes: 3,
        createdAt: T,
        author: { displayName: 'Ada' },
      },
    ],
  ],
  [
    'GET /api/community/feed',
    c.communityFeedResponseSchema,
    [
      {
        id: 'f1',
        user: { displayName: 'Ada', username: 'ada' },
        questTitle: 'Morning walk',
        questDifficulty: 'easy',
        xpEarned: 25,
        completedAt: T,
      },
    ],
  ],
  ['GET /api/goals', c.goalListResponseSchema, [goal]],
  [
    'POST /api/goals/{id}/progress',
    c.addGoalProgressResponseSchema,
    { ...goal, currentXp: 130, xpAdded: 10 },
  ],
  [
    'GET /api/goal-templates',
    c.goalTemplateListResponseSchema,
    [
      {
        id: 'gt1',
        title: 'Learn a language',
        description: 'Practise daily.',
        theme: 'learning',
        targetXp: 500,
        cadence: 'daily',
        color: 'purple',
      },
    ],
  ],
  [
    'GET /api/goals/{id}/series',
    c.goalSeriesLinkListResponseSchema,
    [
      {
        id: 'lnk1',
        goalId: 'g1',
        seriesId: 's1',
        title: 'Journal',
        xpPerOccurrence: 30,
        linkedAt: T,
      },
    ],
  ],
  [
    'GET /api/goals/{id}/journey',
    c.journeyResponseSchema,
    {
      linkedSeries: [
        {
          seriesId: 's1',
          title: 'Journal',
          xpPerOccurrence: 30,
          occurrences: [{ id: 'o1', scheduledFor: '2026-11-22', isCompleted: true }],
        },
      ],
    },
  ],
  ['GET /api/talent-tree', c.talentTreeResponseSchema, [talentNode]],
  [
    'GET /api/talent-tree/user/progress',
    c.talentProgressListResponseSchema,
    [{ nodeKey: 'mindful_start', currentCompletions: 2, isUnlocked: false }],
  ],
  [
    'POST /api/talent-tree/user/check-unlocks',
    c.checkUnlocksResponseSchema,
    { newlyUnlocked: [{ nodeKey: 'mindful_start' }] },
  ],
  [
    'GET /api/feedback',
    c.feedbackListResponseSchema,
    [
      {
        id: 'fb1',
        category: 'ux',
        message: 'Too many clicks',
        url: '/goals',
        userAgent: null,
        createdAt: T,
        isReviewed: false,
        adminNotes: null,
        user: null,
      },
    ],
  ],
  [
    'session sample',
    c.sessionSchema,
    {
      id: 'ss1',
      title: 'Deep work',
      description: 'Two pomodoros.',
      host: 'Ada',
      hostInitials: 'A',
      startTime: '10:00 AM',
      duration: 90,
      maxParticipants: 6,
      currentParticipants: 2,
      category: 'focus',
      isActive: true,
    },
  ],
  [
    'meetup sample',
    c.meetupSchema,
    {
      id: 'm1',
      title: 'Weekly check-in',
      theme: 'Wins',
      description: 'Share a win.',
      date: '2026-11-25',
      time: '7:00 PM',
      platform: 'Discord',
      estimatedAttendees: 12,
      type: 'check-in',
      isUpcoming: true,
    },
  ],
];

describe('example request payloads parse', () => {
  it.each(requests)(
    'when the %s is sent, then its contract accepts it',
    (_what, schema, payload) => {
      const r = schema.safeParse(payload);
      expect(r.error?.issues ?? []).toEqual([]);
    },
  );
});

describe('response shapes survive a JSON round trip', () => {
  it.each(responses)(
    'when %s is answered, then parsing the wire form gives it back unchanged',
    (_what, schema, payload) => {
      const wire = JSON.parse(JSON.stringify(payload)) as unknown;
      expect(schema.parse(wire)).toEqual(payload);
    },
  );
});
