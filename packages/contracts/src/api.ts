import type { z } from 'zod';
import { DATA_EXPORT_PATHS, dataExportSectionSchema } from './common/data-export.ts';
import { idParamsSchema } from './common/ids.ts';
import {
  createMeetupRequestSchema,
  meetupListResponseSchema,
  meetupSchema,
} from './community/meetups.ts';
import {
  commentListResponseSchema,
  commentSchema,
  communityFeedQuerySchema,
  communityFeedResponseSchema,
  createCommentRequestSchema,
  createPostRequestSchema,
  likePostResponseSchema,
  mutedMemberListResponseSchema,
  postListResponseSchema,
  postReportListResponseSchema,
  postReportSchema,
  postSchema,
  reportPostRequestSchema,
} from './community/posts.ts';
import {
  createSessionRequestSchema,
  sessionListResponseSchema,
  sessionSchema,
} from './community/sessions.ts';
import {
  createFeedbackRequestSchema,
  feedbackCountsSchema,
  feedbackListResponseSchema,
  feedbackSchema,
  reviewFeedbackRequestSchema,
} from './feedback/feedback.ts';
import {
  addGoalProgressRequestSchema,
  addGoalProgressResponseSchema,
  createGoalRequestSchema,
  goalListResponseSchema,
  goalSchema,
  goalSeriesLinkListResponseSchema,
  goalSeriesLinkSchema,
  goalTemplateListResponseSchema,
  goalTemplateThemeParamsSchema,
  journeyResponseSchema,
  linkSeriesRequestSchema,
  updateGoalRequestSchema,
} from './goals/goal.ts';
import { goalProgressListResponseSchema } from './goals/progress.ts';
import {
  achievementsResponseSchema,
  xpHistoryQuerySchema,
  xpHistoryResponseSchema,
} from './identity/achievements.ts';
import {
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  userProfileSchema,
} from './identity/user.ts';
import { loginOptionsResponseSchema } from './identity/external-sign-in.ts';
import {
  checkUnlocksResponseSchema,
  talentProgressListResponseSchema,
  talentTreeResponseSchema,
} from './progression/talents.ts';
import { calendarQuerySchema, calendarResponseSchema } from './quests/calendar.ts';
import { dashboardOverviewSchema } from './quests/dashboard.ts';
import {
  groupedQuestsResponseSchema,
  questRangeQuerySchema,
  questsWithOccurrencesResponseSchema,
} from './quests/grouped.ts';
import {
  createLifeTaskRequestSchema,
  lifeTaskCompleteResponseSchema,
  lifeTaskListQuerySchema,
  lifeTaskListResponseSchema,
  lifeTaskSchema,
  todoListResponseSchema,
} from './quests/life-task.ts';
import {
  occurrenceListResponseSchema,
  occurrenceSchema,
  occurrenceToggleResponseSchema,
  progressUpdateRequestSchema,
} from './quests/occurrence.ts';
import {
  clearCompletedResponseSchema,
  completeQuestResponseSchema,
  createQuestRequestSchema,
  questListResponseSchema,
  questSchema,
  snoozeQuestResponseSchema,
  toggleQuestResponseSchema,
  updateQuestRequestSchema,
} from './quests/quest.ts';
import {
  completionEventParamsSchema,
  questListQuerySchema,
  undoCompletionResponseSchema,
  undoableCompletionsRequestSchema,
  undoableCompletionsResponseSchema,
  updateLifeTaskRequestSchema,
  updateSeriesRequestSchema,
} from './quests/editing.ts';
import {
  createSeriesRequestSchema,
  seriesChoiceListResponseSchema,
  seriesListResponseSchema,
  seriesSchema,
} from './quests/series.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiOperation {
  method: HttpMethod;
  /** Koa-router style path (`:id`); `apiPath` fills it in. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Absent when the answer has no body (204). */
  response?: z.ZodType;
}

/**
 * Every call of both spec documents (core.md section 7, goals-progression-community.md section 7), with
 * its contract, so a route and its client import the same line. Paths the spec gives only elsewhere
 * (create/update/delete goal, add progress, link series, profile update) use the "other area" reading.
 */
export const API = {
  // svc-identity
  login: {
    method: 'POST',
    path: '/api/auth/login',
    body: loginRequestSchema,
    response: userProfileSchema,
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    body: registerRequestSchema,
    response: userProfileSchema,
  },
  getProfile: { method: 'GET', path: '/api/user/profile', response: userProfileSchema },
  updateProfile: {
    method: 'PATCH',
    path: '/api/user/profile',
    body: profileUpdateRequestSchema,
    response: userProfileSchema,
  },
  xpHistory: {
    method: 'GET',
    path: '/api/user/xp-history',
    query: xpHistoryQuerySchema,
    response: xpHistoryResponseSchema,
  },
  achievements: {
    method: 'GET',
    path: '/api/user/achievements',
    response: achievementsResponseSchema,
  },
  exportIdentityData: {
    method: 'GET',
    path: DATA_EXPORT_PATHS.identity,
    response: dataExportSectionSchema,
  },
  // Whether an external sign-in provider is set up (the app's sign-in links go to /auth when not).
  loginOptions: { method: 'GET', path: '/api/login/options', response: loginOptionsResponseSchema },

  // svc-quests: quests
  listQuests: {
    method: 'GET',
    path: '/api/quests',
    query: questListQuerySchema,
    response: questListResponseSchema,
  },
  listQuestsWithOccurrences: {
    method: 'GET',
    path: '/api/quests/with-occurrences',
    query: questRangeQuerySchema,
    response: questsWithOccurrencesResponseSchema,
  },
  groupedQuests: {
    method: 'GET',
    path: '/api/quests/grouped',
    query: questRangeQuerySchema,
    response: groupedQuestsResponseSchema,
  },
  createQuest: {
    method: 'POST',
    path: '/api/quests',
    body: createQuestRequestSchema,
    response: questSchema,
  },
  updateQuest: {
    method: 'PATCH',
    path: '/api/quests/:id',
    params: idParamsSchema,
    body: updateQuestRequestSchema,
    response: questSchema,
  },
  toggleQuest: {
    method: 'POST',
    path: '/api/quests/:id/toggle',
    params: idParamsSchema,
    response: toggleQuestResponseSchema,
  },
  completeQuest: {
    method: 'POST',
    path: '/api/quests/:id/complete',
    params: idParamsSchema,
    response: completeQuestResponseSchema,
  },
  updateQuestProgress: {
    method: 'PATCH',
    path: '/api/quests/:id/progress',
    params: idParamsSchema,
    body: progressUpdateRequestSchema,
    response: toggleQuestResponseSchema,
  },
  snoozeQuest: {
    method: 'POST',
    path: '/api/quests/:id/snooze',
    params: idParamsSchema,
    response: snoozeQuestResponseSchema,
  },
  clearCompletedQuests: {
    method: 'POST',
    path: '/api/quests/clear-completed',
    response: clearCompletedResponseSchema,
  },

  // svc-quests: series and occurrences
  listOccurrences: {
    method: 'GET',
    path: '/api/quests/occurrences',
    query: questRangeQuerySchema,
    response: occurrenceListResponseSchema,
  },
  toggleOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/toggle',
    params: idParamsSchema,
    response: occurrenceToggleResponseSchema,
  },
  completeOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/complete',
    params: idParamsSchema,
    response: occurrenceToggleResponseSchema,
  },
  updateOccurrenceProgress: {
    method: 'PATCH',
    path: '/api/quests/occurrences/:id/progress',
    params: idParamsSchema,
    body: progressUpdateRequestSchema,
    response: occurrenceToggleResponseSchema,
  },
  hideOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/hide',
    params: idParamsSchema,
    response: occurrenceSchema,
  },
  /** Beyond the spec: skip one occurrence without breaking the streak. */
  skipOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/skip',
    params: idParamsSchema,
    response: occurrenceSchema,
  },
  createSeries: {
    method: 'POST',
    path: '/api/quests/recurring',
    body: createSeriesRequestSchema,
    response: seriesSchema,
  },
  listSeries: { method: 'GET', path: '/api/quests/recurring', response: seriesListResponseSchema },
  /** Beyond the spec: pause a series from tomorrow, and resume it (today is scheduled again). */
  pauseSeries: {
    method: 'POST',
    path: '/api/quests/recurring/:id/pause',
    params: idParamsSchema,
    response: seriesSchema,
  },
  resumeSeries: {
    method: 'POST',
    path: '/api/quests/recurring/:id/resume',
    params: idParamsSchema,
    response: seriesSchema,
  },
  listSeriesChoices: {
    method: 'GET',
    path: '/api/quests/recurring-series',
    response: seriesChoiceListResponseSchema,
  },

  // svc-quests: life tasks, todos, dashboard
  listLifeTasks: {
    method: 'GET',
    path: '/api/life-tasks',
    query: lifeTaskListQuerySchema,
    response: lifeTaskListResponseSchema,
  },
  createLifeTask: {
    method: 'POST',
    path: '/api/life-tasks',
    body: createLifeTaskRequestSchema,
    response: lifeTaskSchema,
  },
  /** POST and PATCH are both served (core.md section 7 reads both ways; see LIFE_TASK_COMPLETE_METHODS). */
  completeLifeTask: {
    method: 'POST',
    path: '/api/life-tasks/:id/complete',
    params: idParamsSchema,
    response: lifeTaskCompleteResponseSchema,
  },
  deleteLifeTask: { method: 'DELETE', path: '/api/life-tasks/:id', params: idParamsSchema },
  listTodos: { method: 'GET', path: '/api/todos', response: todoListResponseSchema },
  dashboardOverview: {
    method: 'GET',
    path: '/api/dashboard/overview',
    response: dashboardOverviewSchema,
  },
  dashboardCalendar: {
    method: 'GET',
    path: '/api/dashboard/calendar',
    query: calendarQuerySchema,
    response: calendarResponseSchema,
  },
  exportQuestsData: {
    method: 'GET',
    path: DATA_EXPORT_PATHS.quests,
    response: dataExportSectionSchema,
  },

  // svc-quests: everyday editing (beyond the spec): edit and delete quests, series and life tasks,
  // undo a completion, snooze a life task (GET /api/quests?includeCleared=true is listQuests).
  deleteQuest: { method: 'DELETE', path: '/api/quests/:id', params: idParamsSchema },
  updateSeries: {
    method: 'PATCH',
    path: '/api/quests/recurring/:id',
    params: idParamsSchema,
    body: updateSeriesRequestSchema,
    response: seriesSchema,
  },
  deleteSeries: { method: 'DELETE', path: '/api/quests/recurring/:id', params: idParamsSchema },
  undoCompletion: {
    method: 'POST',
    path: '/api/quests/completions/:eventId/undo',
    params: completionEventParamsSchema,
    response: undoCompletionResponseSchema,
  },
  undoableCompletions: {
    method: 'POST',
    path: '/api/quests/completions/undoable',
    body: undoableCompletionsRequestSchema,
    response: undoableCompletionsResponseSchema,
  },
  updateLifeTask: {
    method: 'PATCH',
    path: '/api/life-tasks/:id',
    params: idParamsSchema,
    body: updateLifeTaskRequestSchema,
    response: lifeTaskSchema,
  },
  snoozeLifeTask: {
    method: 'POST',
    path: '/api/life-tasks/:id/snooze',
    params: idParamsSchema,
    response: lifeTaskSchema,
  },

  // svc-community
  communityFeed: {
    method: 'GET',
    path: '/api/community/feed',
    query: communityFeedQuerySchema,
    response: communityFeedResponseSchema,
  },
  listPosts: { method: 'GET', path: '/api/posts', response: postListResponseSchema },
  createPost: {
    method: 'POST',
    path: '/api/posts',
    body: createPostRequestSchema,
    response: postSchema,
  },
  likePost: {
    method: 'POST',
    path: '/api/posts/:id/like',
    params: idParamsSchema,
    response: likePostResponseSchema,
  },
  // Beyond the spec (issue 11): comments, delete, report, mute.
  listComments: {
    method: 'GET',
    path: '/api/posts/:id/comments',
    params: idParamsSchema,
    response: commentListResponseSchema,
  },
  createComment: {
    method: 'POST',
    path: '/api/posts/:id/comments',
    params: idParamsSchema,
    body: createCommentRequestSchema,
    response: commentSchema,
  },
  deletePost: { method: 'DELETE', path: '/api/posts/:id', params: idParamsSchema },
  reportPost: {
    method: 'POST',
    path: '/api/posts/:id/report',
    params: idParamsSchema,
    body: reportPostRequestSchema,
    response: postReportSchema,
  },
  listPostReports: {
    method: 'GET',
    path: '/api/community/reports',
    response: postReportListResponseSchema,
  },
  muteAuthor: {
    method: 'POST',
    path: '/api/posts/:id/mute-author',
    params: idParamsSchema,
    response: mutedMemberListResponseSchema,
  },
  listMutes: {
    method: 'GET',
    path: '/api/community/mutes',
    response: mutedMemberListResponseSchema,
  },
  unmute: {
    method: 'DELETE',
    path: '/api/community/mutes/:id',
    params: idParamsSchema,
    response: mutedMemberListResponseSchema,
  },
  // Body-doubling sessions and meetups on the server (issue 11; sample data in the spec).
  listSessions: { method: 'GET', path: '/api/sessions', response: sessionListResponseSchema },
  createSession: {
    method: 'POST',
    path: '/api/sessions',
    body: createSessionRequestSchema,
    response: sessionSchema,
  },
  joinSession: {
    method: 'POST',
    path: '/api/sessions/:id/join',
    params: idParamsSchema,
    response: sessionSchema,
  },
  leaveSession: {
    method: 'POST',
    path: '/api/sessions/:id/leave',
    params: idParamsSchema,
    response: sessionSchema,
  },
  cancelSession: {
    method: 'POST',
    path: '/api/sessions/:id/cancel',
    params: idParamsSchema,
    response: sessionSchema,
  },
  remindSession: {
    method: 'POST',
    path: '/api/sessions/:id/remind',
    params: idParamsSchema,
    response: sessionSchema,
  },
  unremindSession: {
    method: 'DELETE',
    path: '/api/sessions/:id/remind',
    params: idParamsSchema,
    response: sessionSchema,
  },
  listMeetups: { method: 'GET', path: '/api/meetups', response: meetupListResponseSchema },
  createMeetup: {
    method: 'POST',
    path: '/api/meetups',
    body: createMeetupRequestSchema,
    response: meetupSchema,
  },
  rsvpMeetup: {
    method: 'POST',
    path: '/api/meetups/:id/rsvp',
    params: idParamsSchema,
    response: meetupSchema,
  },
  exportCommunityData: {
    method: 'GET',
    path: DATA_EXPORT_PATHS.community,
    response: dataExportSectionSchema,
  },

  // svc-goals
  listGoals: { method: 'GET', path: '/api/goals', response: goalListResponseSchema },
  createGoal: {
    method: 'POST',
    path: '/api/goals',
    body: createGoalRequestSchema,
    response: goalSchema,
  },
  updateGoal: {
    method: 'PUT',
    path: '/api/goals/:id',
    params: idParamsSchema,
    body: updateGoalRequestSchema,
    response: goalSchema,
  },
  deleteGoal: { method: 'DELETE', path: '/api/goals/:id', params: idParamsSchema },
  addGoalProgress: {
    method: 'POST',
    path: '/api/goals/:id/progress',
    params: idParamsSchema,
    body: addGoalProgressRequestSchema,
    response: addGoalProgressResponseSchema,
  },
  goalProgressHistory: {
    method: 'GET',
    path: '/api/goals/:id/progress',
    params: idParamsSchema,
    response: goalProgressListResponseSchema,
  },
  goalJourney: {
    method: 'GET',
    path: '/api/goals/:id/journey',
    params: idParamsSchema,
    response: journeyResponseSchema,
  },
  listGoalSeries: {
    method: 'GET',
    path: '/api/goals/:id/series',
    params: idParamsSchema,
    response: goalSeriesLinkListResponseSchema,
  },
  linkGoalSeries: {
    method: 'POST',
    path: '/api/goals/:id/series',
    params: idParamsSchema,
    body: linkSeriesRequestSchema,
    response: goalSeriesLinkSchema,
  },
  listGoalTemplates: {
    method: 'GET',
    path: '/api/goal-templates',
    response: goalTemplateListResponseSchema,
  },
  listGoalTemplatesByTheme: {
    method: 'GET',
    path: '/api/goal-templates/:theme',
    params: goalTemplateThemeParamsSchema,
    response: goalTemplateListResponseSchema,
  },
  talentTree: { method: 'GET', path: '/api/talent-tree', response: talentTreeResponseSchema },
  talentProgress: {
    method: 'GET',
    path: '/api/talent-tree/user/progress',
    response: talentProgressListResponseSchema,
  },
  checkTalentUnlocks: {
    method: 'POST',
    path: '/api/talent-tree/user/check-unlocks',
    response: checkUnlocksResponseSchema,
  },
  exportGoalsData: {
    method: 'GET',
    path: DATA_EXPORT_PATHS.goals,
    response: dataExportSectionSchema,
  },

  // svc-feedback
  listFeedback: { method: 'GET', path: '/api/feedback', response: feedbackListResponseSchema },
  feedbackCounts: { method: 'GET', path: '/api/feedback/counts', response: feedbackCountsSchema },
  createFeedback: {
    method: 'POST',
    path: '/api/feedback',
    body: createFeedbackRequestSchema,
    response: feedbackSchema,
  },
  reviewFeedback: {
    method: 'PATCH',
    path: '/api/feedback/:id',
    params: idParamsSchema,
    body: reviewFeedbackRequestSchema,
    response: feedbackSchema,
  },
  exportFeedbackData: {
    method: 'GET',
    path: DATA_EXPORT_PATHS.feedback,
    response: dataExportSectionSchema,
  },
} as const satisfies Record<string, ApiOperation>;
export type ApiOperationName = keyof typeof API;

/** Fills `:name` segments, URL-encoded: apiPath('/api/quests/:id/toggle', { id: 'a b' }) -> '/api/quests/a%20b/toggle'. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}
