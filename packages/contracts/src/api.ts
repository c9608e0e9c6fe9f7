import { z } from 'zod';
import { DATA_EXPORT_PATHS, dataExportSectionSchema } from './common/data-export.ts';
import { idParamsSchema } from './common/ids.ts';
import {
  createMeetupRequestSchema,
  meetupListResponseSchema,
  meetupSchema,
  updateMeetupJoinUrlRequestSchema,
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
  importBatchListSchema,
  importBatchSchema,
  importPreviewSchema,
  importRequestSchema,
  IMPORT_MAX_REQUEST_BYTES,
} from './import/import.ts';
import { communityPrivacySchema } from './community/privacy.ts';
import {
  checkInRequestSchema,
  checkOutRequestSchema,
  coFocusBonusResponseSchema,
  quickMatchRequestSchema,
  quickMatchResponseSchema,
  reportRoomMemberRequestSchema,
  roomMemberParamsSchema,
  roomMemberReportSchema,
  roomMemberSchema,
  roomPingRequestSchema,
  roomStateSchema,
} from './community/rooms.ts';
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
import {
  CALENDAR_FEED_PATH,
  calendarFeedParamsSchema,
  calendarFeedStateSchema,
} from './calendar-feed/feed.ts';
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
  loginStartQuerySchema,
  sendVerificationResponseSchema,
  verifyEmailLinkQuerySchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from './identity/sign-in-flow.ts';
import {
  checkUnlocksResponseSchema,
  talentProgressListResponseSchema,
  talentTreeResponseSchema,
} from './progression/talents.ts';
import {
  pushPublicKeyResponseSchema,
  pushStatusResponseSchema,
  pushSubscriptionRequestSchema,
  reminderListResponseSchema,
  reminderSettingsSchema,
  removePushSubscriptionRequestSchema,
  updateReminderSettingsRequestSchema,
} from './reminders/reminders.ts';
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
import { amountRequestSchema } from './quests/measure.ts';
import {
  occurrenceListResponseSchema,
  occurrenceSchema,
  occurrenceToggleResponseSchema,
  progressUpdateRequestSchema,
} from './quests/occurrence.ts';
import {
  dayActivityResponseSchema,
  dayParamsSchema,
  itemDayParamsSchema,
} from './quests/backfill.ts';
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
import { checklistStepParamsSchema, tickChecklistStepRequestSchema } from './quests/checklist.ts';
import {
  completionEventParamsSchema,
  questListQuerySchema,
  undoCompletionResponseSchema,
  undoableCompletionsRequestSchema,
  undoableCompletionsResponseSchema,
  updateLifeTaskRequestSchema,
  updateSeriesRequestSchema,
} from './quests/editing.ts';
import { habitScoreListResponseSchema, habitStatsResponseSchema } from './quests/habit-stats.ts';
import {
  breakHabitDayParamsSchema,
  breakHabitListResponseSchema,
  breakHabitSchema,
  createBreakHabitRequestSchema,
  recordSlipRequestSchema,
  updateBreakHabitRequestSchema,
} from './quests/break-habit.ts';
import {
  createSeriesRequestSchema,
  seriesChoiceListResponseSchema,
  seriesListResponseSchema,
  seriesSchema,
} from './quests/series.ts';

/** Every call of the app is under this path; the gateway sends it to the owning service. */
export const API_PREFIX = '/api';

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
  /** The success status when it is not 200 (201 for a create). */
  status?: 201 | 202;
  /** The answer is a stream of Server-Sent Events, not JSON (served by hand, not by mount). */
  stream?: 'text/event-stream';
  /** The answer is a document of this media type, not JSON (served by hand, not by mount). */
  document?: 'text/calendar';
  /** A browser navigation answered with a redirect (303 See Other or 302), not with JSON. */
  redirect?: true;
  /** Answers an HTML page for people to read, not JSON. */
  page?: true;
  /**
   * The largest body this call takes when it is over the 1 MiB every other call may carry (an import's
   * export): the gateway reads and the service parses up to this many bytes for it alone.
   */
  maxBodyBytes?: number;
}

/**
 * Every call of the app, with its contract, so a route (`mount`) and its client (`call`) import the same
 * line: the method, the path, the schemas of what it takes and answers, and its success status. How to
 * find a call by its name: docs/architecture.md.
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
    status: 201,
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
    status: 201,
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
  /**
   * Ticks or unticks one step of a quest's checklist; ticking the last step completes the quest when
   * its completeWhenChecklistDone is on (xpDelta is then the completion's).
   */
  tickChecklistStep: {
    method: 'PUT',
    path: '/api/quests/:id/checklist/:stepId',
    params: checklistStepParamsSchema,
    body: tickChecklistStepRequestSchema,
    response: toggleQuestResponseSchema,
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
  recordOccurrenceAmount: {
    method: 'PUT',
    path: '/api/quests/occurrences/:id/amount',
    params: idParamsSchema,
    body: amountRequestSchema,
    response: occurrenceToggleResponseSchema,
  },
  /**
   * Ticks or unticks one step of an occurrence (a routine's day); ticking the last step completes the
   * day when its routine's completeWhenChecklistDone is on (xpDelta is then the completion's).
   */
  tickOccurrenceChecklistStep: {
    method: 'PUT',
    path: '/api/quests/occurrences/:id/checklist/:stepId',
    params: checklistStepParamsSchema,
    body: tickChecklistStepRequestSchema,
    response: occurrenceToggleResponseSchema,
  },
  hideOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/hide',
    params: idParamsSchema,
    response: occurrenceSchema,
  },
  /** Back on the dashboard after Hide from dashboard or Clear Completed (XP untouched). */
  unhideOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/unhide',
    params: idParamsSchema,
    response: occurrenceSchema,
  },
  /** Skip one occurrence without breaking the streak. */
  skipOccurrence: {
    method: 'POST',
    path: '/api/quests/occurrences/:id/skip',
    params: idParamsSchema,
    response: occurrenceSchema,
  },
  /** A past day's routines and one-time quests (the calendar's day detail); see canBackfill. */
  dayActivity: {
    method: 'GET',
    path: '/api/quests/days/:date',
    params: dayParamsSchema,
    response: dayActivityResponseSchema,
  },
  /**
   * Back-fill: a series' occurrence of a past day (created if that day was never read) moved to a
   * completion state that counts on that day, within BACKFILL_DAYS.
   */
  backfillOccurrence: {
    method: 'PUT',
    path: '/api/quests/recurring/:id/days/:date',
    params: itemDayParamsSchema,
    body: progressUpdateRequestSchema,
    response: occurrenceToggleResponseSchema,
  },
  /** Back-fill of a measurable routine's past day: its amount, which decides the completion. */
  backfillOccurrenceAmount: {
    method: 'PUT',
    path: '/api/quests/recurring/:id/days/:date/amount',
    params: itemDayParamsSchema,
    body: amountRequestSchema,
    response: occurrenceToggleResponseSchema,
  },
  /** Back-fill of a one-time quest: its completion state, counted on a past day (BACKFILL_DAYS). */
  backfillQuest: {
    method: 'PUT',
    path: '/api/quests/:id/days/:date',
    params: itemDayParamsSchema,
    body: progressUpdateRequestSchema,
    response: toggleQuestResponseSchema,
  },
  createSeries: {
    method: 'POST',
    path: '/api/quests/recurring',
    body: createSeriesRequestSchema,
    response: seriesSchema,
    status: 201,
  },
  listSeries: { method: 'GET', path: '/api/quests/recurring', response: seriesListResponseSchema },
  /** Pause a series from tomorrow, and resume it (today is scheduled again). */
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
  /** Every series' strength score now (the Habits list); see docs/habit-stats.md. */
  habitScores: {
    method: 'GET',
    path: '/api/quests/recurring/stats',
    response: habitScoreListResponseSchema,
  },
  /** One series' statistics: score now and over the last 12 months, bars, best streaks, weekdays. */
  habitStats: {
    method: 'GET',
    path: '/api/quests/recurring/:id/stats',
    params: idParamsSchema,
    response: habitStatsResponseSchema,
  },

  // svc-quests: habits to break (slips counted per day, no XP; docs/habits-to-break.md)
  listBreakHabits: {
    method: 'GET',
    path: '/api/quests/break-habits',
    response: breakHabitListResponseSchema,
  },
  createBreakHabit: {
    method: 'POST',
    path: '/api/quests/break-habits',
    body: createBreakHabitRequestSchema,
    response: breakHabitSchema,
    status: 201,
  },
  updateBreakHabit: {
    method: 'PATCH',
    path: '/api/quests/break-habits/:id',
    params: idParamsSchema,
    body: updateBreakHabitRequestSchema,
    response: breakHabitSchema,
  },
  deleteBreakHabit: {
    method: 'DELETE',
    path: '/api/quests/break-habits/:id',
    params: idParamsSchema,
  },
  /** One slip more on today (or on a past `date` within the back-fill window). */
  recordSlip: {
    method: 'POST',
    path: '/api/quests/break-habits/:id/slips',
    params: idParamsSchema,
    body: recordSlipRequestSchema,
    response: breakHabitSchema,
  },
  /** One slip fewer on that day (a day left at 0 has none). */
  undoSlip: {
    method: 'POST',
    path: '/api/quests/break-habits/:id/slips/:date/undo',
    params: breakHabitDayParamsSchema,
    response: breakHabitSchema,
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
    status: 201,
  },
  /** POST and PATCH are both served (the original API reads both ways; see LIFE_TASK_COMPLETE_METHODS). */
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

  // svc-quests: everyday editing: edit and delete quests, series and life tasks,
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
    status: 201,
  },
  likePost: {
    method: 'POST',
    path: '/api/posts/:id/like',
    params: idParamsSchema,
    response: likePostResponseSchema,
  },
  // A post's comments; delete, report, mute.
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
    status: 201,
  },
  deletePost: { method: 'DELETE', path: '/api/posts/:id', params: idParamsSchema },
  reportPost: {
    method: 'POST',
    path: '/api/posts/:id/report',
    params: idParamsSchema,
    body: reportPostRequestSchema,
    response: postReportSchema,
    status: 201,
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
  /** What the community sees of the caller's completions (the default until they choose). */
  getCommunityPrivacy: {
    method: 'GET',
    path: '/api/community/privacy',
    response: communityPrivacySchema,
  },
  updateCommunityPrivacy: {
    method: 'PUT',
    path: '/api/community/privacy',
    body: communityPrivacySchema,
    response: communityPrivacySchema,
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
  // Body-doubling sessions and weekly meetups, kept by svc-community (default meetups seeded).
  listSessions: { method: 'GET', path: '/api/sessions', response: sessionListResponseSchema },
  createSession: {
    method: 'POST',
    path: '/api/sessions',
    body: createSessionRequestSchema,
    response: sessionSchema,
    status: 201,
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
    status: 201,
  },
  rsvpMeetup: {
    method: 'POST',
    path: '/api/meetups/:id/rsvp',
    params: idParamsSchema,
    response: meetupSchema,
  },
  cancelMeetupRsvp: {
    method: 'DELETE',
    path: '/api/meetups/:id/rsvp',
    params: idParamsSchema,
    response: meetupSchema,
  },
  updateMeetupJoinUrl: {
    method: 'PUT',
    path: '/api/meetups/:id/join-url',
    params: idParamsSchema,
    body: updateMeetupJoinUrlRequestSchema,
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
    status: 201,
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
    status: 201,
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
    status: 201,
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

  // svc-quests: import from Habitica and Loop Habit Tracker
  previewImport: {
    method: 'POST',
    maxBodyBytes: IMPORT_MAX_REQUEST_BYTES,
    path: '/api/quests/import/preview',
    body: importRequestSchema,
    response: importPreviewSchema,
  },
  runImport: {
    method: 'POST',
    maxBodyBytes: IMPORT_MAX_REQUEST_BYTES,
    path: '/api/quests/import',
    body: importRequestSchema,
    response: importBatchSchema,
    status: 201,
  },
  listImports: {
    method: 'GET',
    path: '/api/quests/import/batches',
    response: importBatchListSchema,
  },
  undoImport: {
    method: 'POST',
    path: '/api/quests/import/batches/:id/undo',
    params: idParamsSchema,
    response: importBatchSchema,
  },

  // Calendar feed (svc-quests): the user's secret iCalendar URL; the feed itself is CALENDAR_FEED_PATH.
  /** The feed itself: its secret token is the only credential (no session needed). */
  calendarFeed: {
    method: 'GET',
    path: CALENDAR_FEED_PATH,
    params: calendarFeedParamsSchema,
    document: 'text/calendar',
  },
  getCalendarFeed: { method: 'GET', path: '/api/calendar-feed', response: calendarFeedStateSchema },
  rotateCalendarFeed: {
    method: 'POST',
    path: '/api/calendar-feed/rotate',
    response: calendarFeedStateSchema,
  },

  // live rooms
  /** Start now: join the next open live session, or start one. */
  quickMatch: {
    method: 'POST',
    path: '/api/sessions/quick-match',
    body: quickMatchRequestSchema,
    response: quickMatchResponseSchema,
  },
  getRoom: {
    method: 'GET',
    path: '/api/sessions/:id/room',
    params: idParamsSchema,
    response: roomStateSchema,
  },
  /** Server-Sent Events: RoomStreamEvent messages (roomStreamEventSchema); Last-Event-ID resumes. */
  roomEvents: {
    method: 'GET',
    path: '/api/sessions/:id/room/events',
    params: idParamsSchema,
    stream: 'text/event-stream',
  },
  /** Every ROOM_HEARTBEAT_MS while the room is open: keeps the member present. */
  pingRoom: {
    method: 'POST',
    path: '/api/sessions/:id/room/ping',
    params: idParamsSchema,
    body: roomPingRequestSchema,
  },
  checkIn: {
    method: 'PUT',
    path: '/api/sessions/:id/room/check-in',
    params: idParamsSchema,
    body: checkInRequestSchema,
    response: roomMemberSchema,
  },
  checkOut: {
    method: 'PUT',
    path: '/api/sessions/:id/room/check-out',
    params: idParamsSchema,
    body: checkOutRequestSchema,
    response: roomMemberSchema,
  },
  /** The host only; the member's stream ends and they cannot rejoin this session. */
  removeRoomMember: {
    method: 'POST',
    path: '/api/sessions/:id/room/members/:userId/remove',
    params: roomMemberParamsSchema,
    response: roomStateSchema,
  },
  reportRoomMember: {
    method: 'POST',
    path: '/api/sessions/:id/room/members/:userId/report',
    params: roomMemberParamsSchema,
    body: reportRoomMemberRequestSchema,
    response: roomMemberReportSchema,
    status: 201,
  },
  /** Mutes the member as on posts (one mute list; unmute with the existing unmute operation). */
  muteRoomMember: {
    method: 'POST',
    path: '/api/sessions/:id/room/members/:userId/mute',
    params: roomMemberParamsSchema,
    response: mutedMemberListResponseSchema,
  },
  /** The co-focus bonus one of the caller's completions earned (0 for none, or not theirs). */
  coFocusBonus: {
    method: 'GET',
    path: '/api/community/co-focus/:eventId',
    params: completionEventParamsSchema,
    response: coFocusBonusResponseSchema,
  },

  // Reminders and Web Push (svc-identity): the push service's public key, this browser's subscription,
  // the per-kind settings and quiet hours, and the in-app reminder list.
  getPushPublicKey: {
    method: 'GET',
    path: '/api/reminders/push-key',
    response: pushPublicKeyResponseSchema,
  },
  subscribePush: {
    method: 'PUT',
    path: '/api/reminders/subscriptions',
    body: pushSubscriptionRequestSchema,
    response: pushStatusResponseSchema,
  },
  unsubscribePush: {
    method: 'POST',
    path: '/api/reminders/subscriptions/remove',
    body: removePushSubscriptionRequestSchema,
    response: pushStatusResponseSchema,
  },
  getReminderSettings: {
    method: 'GET',
    path: '/api/reminders/settings',
    response: reminderSettingsSchema,
  },
  updateReminderSettings: {
    method: 'PATCH',
    path: '/api/reminders/settings',
    body: updateReminderSettingsRequestSchema,
    response: reminderSettingsSchema,
  },
  listReminders: {
    method: 'GET',
    path: '/api/reminders',
    response: reminderListResponseSchema,
  },

  // Sign-in flows, email confirmation and the gateway's own calls: every path the app serves under /api.
  verifyEmailLink: {
    method: 'GET',
    path: '/api/auth/verify-email',
    query: verifyEmailLinkQuerySchema,
    redirect: true,
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verifyEmailRequestSchema,
    response: verifyEmailResponseSchema,
  },
  sendVerificationEmail: {
    method: 'POST',
    path: '/api/auth/verify-email/send',
    response: sendVerificationResponseSchema,
    status: 202,
  },
  /** A form post from the Logout button; never a GET (GET answers 405). */
  logout: { method: 'POST', path: '/api/logout', redirect: true },
  loginStart: {
    method: 'GET',
    path: '/api/login',
    query: loginStartQuerySchema,
    redirect: true,
  },
  /** The provider sends the browser back here with its own query (code, state). */
  loginCallback: { method: 'GET', path: '/api/login/callback', redirect: true },
  /** Links a provider account to the signed-in user's: a form POST from the profile. */
  linkLogin: { method: 'POST', path: '/api/login/link', redirect: true },
  openApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    response: z.record(z.string(), z.unknown()),
  },
  /** The same reference as an HTML page. */
  apiDocs: { method: 'GET', path: '/api/docs', page: true },
} as const satisfies Record<string, ApiOperation>;
export type ApiOperationName = keyof typeof API;

/** The request parts an operation declares, as its caller writes them (before the schemas' defaults). */
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** The same parts after parsing, as a handler receives them. */
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client passes to call an operation: only the parts it declares. */
export type CallInput<Op extends ApiOperation> = (Op['params'] extends z.ZodType
  ? { params: InputOf<Op['params']> }
  : { params?: undefined }) &
  (Op['query'] extends z.ZodType ? { query?: InputOf<Op['query']> } : { query?: undefined }) &
  (Op['body'] extends z.ZodType ? { body: InputOf<Op['body']> } : { body?: undefined });

/** What a handler receives: every declared part parsed by its schema. */
export interface ParsedInput<Op extends ApiOperation> {
  params: OutputOf<Op['params']>;
  query: OutputOf<Op['query']>;
  body: OutputOf<Op['body']>;
}

/** The answer of an operation as the client reads it (JSON, after the server's serialisation). */
export type ResponseOf<Op extends ApiOperation> = Op['response'] extends z.ZodType
  ? z.output<Op['response']>
  : undefined;

/** The answer as a handler may return it (before serialisation: dates may still be Date objects). */
export type HandlerResult<Op extends ApiOperation> = Op['response'] extends z.ZodType
  ? z.input<Op['response']> | z.output<Op['response']>
  : void;

/**
 * The URL of one call: path parameters filled in and the query, if any, as a search string with its keys
 * in the order given. Undefined query values are left out.
 */
export function urlOf(op: ApiOperation, input: { params?: unknown; query?: unknown } = {}): string {
  const path = apiPath(op.path, (input.params ?? {}) as Record<string, string>);
  const query = input.query as Record<string, unknown> | undefined;
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Why an answer was refused by its operation's response schema, for a log or an error: the call and
 * the first issue ("The answer to GET /api/things does not match its contract (1.id: ...)").
 */
export function offContractMessage(
  op: ApiOperation,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const first = issues[0];
  return (
    `The answer to ${op.method} ${op.path} does not match its contract` +
    (first ? ` (${first.path.map(String).join('.') || 'the answer'}: ${first.message})` : '')
  );
}

/** Fills `:name` segments, URL-encoded: apiPath('/api/quests/:id/toggle', { id: 'a b' }) -> '/api/quests/a%20b/toggle'. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(value);
  });
}

/** Every call's body limit, unless the call names a larger one (maxBodyBytes). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const LARGE_BODIES = Object.values(API as Record<string, ApiOperation>)
  .filter((op) => op.maxBodyBytes !== undefined)
  .map((op) => ({
    method: op.method,
    pattern: new RegExp(`^${op.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    bytes: op.maxBodyBytes!,
  }));

/** The body limit of the call this method and path reach (the gateway's and the service's alike). */
export function maxBodyBytesOf(method: string, path: string): number {
  const found = LARGE_BODIES.find((op) => op.method === method && op.pattern.test(path));
  return found?.bytes ?? DEFAULT_MAX_BODY_BYTES;
}
