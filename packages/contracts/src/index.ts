// @levelup/contracts: zod schemas (API and events) and pure domain rules, one truth per thing
// (each shape and rule written once). Organised by domain; every name here is imported by services and remotes, keep it stable.

// First, before any schema exists: zod's settings for the browser.
import './zod-setup.ts';

// common: ids, dates, errors, pagination, small helpers
export * from './common/errors.ts';
export * from './common/ids.ts';
export * from './common/dates.ts';
export * from './common/pagination.ts';
export * from './common/instant.ts';
export * from './common/relative-time.ts';
export * from './common/data-export.ts';
export * from './common/storage-quotas.ts';

// time: local dates in a user's IANA zone
export * from './time/zone.ts';

// identity: register, login, profile
export * from './identity/user.ts';
export * from './identity/initials.ts';
export * from './identity/profile.ts';
export * from './identity/achievements.ts';
export * from './identity/external-sign-in.ts';
export * from './identity/sign-in-flow.ts';

// quests: quest, occurrence, series, life task, todo, dashboard, calendar and their rules
export * from './quests/enums.ts';
export * from './quests/xp.ts';
export * from './quests/quest.ts';
export * from './quests/checklist.ts';
export * from './quests/occurrence.ts';
export * from './quests/series.ts';
export * from './quests/measure.ts';
export * from './quests/life-task.ts';
export * from './quests/life-task-rules.ts';
export * from './quests/grouped.ts';
export * from './quests/dashboard.ts';
export * from './import/import.ts';
export * from './quests/first-screen.ts';
export * from './quests/calendar.ts';
export * from './quests/tiers.ts';
export * from './quests/urgency.ts';
export * from './quests/ordering.ts';
export * from './quests/sections.ts';
export * from './quests/completion.ts';
export * from './quests/quick-win.ts';
export * from './quests/recurrence.ts';
export * from './quests/range.ts';
export * from './quests/streaks.ts';
export * from './quests/habit-stats.ts';
export * from './quests/backfill.ts';
export * from './quests/break-habit.ts';
export * from './quests/activity.ts';
export * from './quests/editing.ts';

// goals
export * from './goals/enums.ts';
export * from './goals/goal.ts';
export * from './goals/rules.ts';
export * from './goals/progress.ts';
export * from './goals/forecast.ts';

// progression: level, level-up, talents
export * from './progression/level.ts';
export * from './progression/level-up.ts';
export * from './progression/talents.ts';
export * from './progression/talent-paths.ts';

// community: posts, feed, sessions, meetups
export * from './community/enums.ts';
export * from './community/posts.ts';
export * from './community/sessions.ts';
export * from './community/rooms.ts';
export * from './community/privacy.ts';
export * from './community/meetups.ts';
export * from './community/meetup-times.ts';

// calendar feed: the secret iCalendar URL and what svc-community tells it
export * from './calendar-feed/feed.ts';

// feedback
export * from './feedback/enums.ts';
export * from './feedback/feedback.ts';

// events
export * from './events/envelope.ts';
export * from './events/quests.ts';
export * from './events/identity.ts';
export * from './events/goals.ts';
export * from './events/table.ts';
export * from './events/groups.ts';
export * from './events/make-event.ts';

// reminders: Web Push subscriptions, settings, the reminder list and the events that schedule them
export * from './reminders/reminders.ts';

// wizard
export * from './wizard/intent.ts';
export * from './wizard/quest-wizard.ts';
export * from './wizard/suggestions.ts';

// API table: method, path and contracts of every call
export * from './api.ts';
export * from './internal.ts';
export * from './openapi.ts';
