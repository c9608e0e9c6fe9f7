import { z } from 'zod';
import { API, urlOf } from '../api.ts';
import { userProfileSchema } from '../identity/user.ts';
import { dashboardHeading, dashboardOverviewSchema, isNewUser } from './dashboard.ts';

/**
 * The dashboard's first screen, written by the server: the gateway answers a signed-in user's
 * page request for the dashboard with the shell's prerendered first-screen.html, its heading filled in and
 * the API answers the dashboard reads at once embedded, so the heading paints before any JavaScript runs and
 * the app's first reads need no round trip. This module is the agreement between the three parts: the
 * shell's build (the template and its slot), the gateway (gateway/src/first-screen.ts, which fills it) and
 * web-kit's API client (which takes each embedded answer once instead of asking the network).
 */

/** The pages that open on the dashboard for a signed-in user ('/' is the dashboard once signed in). */
export const FIRST_SCREEN_PATHS: readonly string[] = ['/', '/dashboard'];

/** The shell's prerendered template (shell/prerender-pages-plugin.cjs writes it into dist). */
export const FIRST_SCREEN_TEMPLATE = '/first-screen.html';

/** The text in the template's heading that the gateway replaces with the user's heading. */
export const FIRST_SCREEN_HEADING_SLOT = '%FIRST_SCREEN_HEADING%';

/** Where the gateway writes the founder badge beside the heading (empty for a user who is not one). */
export const FIRST_SCREEN_BADGE_SLOT = '%FIRST_SCREEN_BADGE%';

/** The id of the <script type="application/json"> that carries the embedded answers, by request URL. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Which service answers a read (the gateway's route table has the same split). */
export type FirstScreenService = 'identity' | 'quests' | 'goals';

/**
 * The reads the dashboard makes before it shows (mfe-quests dashboard-route.tsx and dashboard-page.tsx),
 * with the very URLs the app asks for (built from the same operations), so web-kit's client finds each
 * answer under its own URL.
 */
export const FIRST_SCREEN_READS = {
  profile: { service: 'identity', url: urlOf(API.getProfile) },
  overview: { service: 'quests', url: urlOf(API.dashboardOverview) },
  quests: { service: 'quests', url: urlOf(API.listQuests) },
  series: { service: 'quests', url: urlOf(API.listSeries) },
  todos: { service: 'quests', url: urlOf(API.listTodos) },
  lifeTasks: {
    service: 'quests',
    url: urlOf(API.listLifeTasks, { query: { includeCompleted: 'true' } }),
  },
  goals: { service: 'goals', url: urlOf(API.listGoals) },
} as const satisfies Record<string, { service: FirstScreenService; url: string }>;

export type FirstScreenReads = { [K in keyof typeof FIRST_SCREEN_READS]: unknown };

// The few fields the heading and the badge need, read with the API's own schemas.
const headingProfileSchema = userProfileSchema.pick({ xp: true });
const badgeProfileSchema = userProfileSchema.pick({ isFounder: true, userNumber: true });
const newUserOverviewSchema = dashboardOverviewSchema.pick({
  totalXpEarned: true,
  totalQuestsCompleted: true,
});
const listSchema = z.array(z.unknown());

/**
 * The heading of the first screen from the reads' answers, as the dashboard writes it (the new-user rule
 * and the level from total XP); null when the answers do not have the shape to tell (the first screen is
 * then not written and the app renders the page alone).
 */
export function firstScreenHeading(reads: FirstScreenReads): string | null {
  const profile = headingProfileSchema.safeParse(reads.profile);
  const overview = newUserOverviewSchema.safeParse(reads.overview);
  const [quests, series, todos, lifeTasks, goals] = [
    reads.quests,
    reads.series,
    reads.todos,
    reads.lifeTasks,
    reads.goals,
  ].map((list) => listSchema.safeParse(list).data);
  if (!profile.success || !overview.success || !quests || !series || !todos || !lifeTasks || !goals)
    return null;
  const newUser = isNewUser({
    overview: overview.data,
    questCount: quests.length,
    seriesCount: series.length,
    todoCount: todos.length,
    lifeTaskCount: lifeTasks.length,
    goalCount: goals.length,
  });
  return dashboardHeading(newUser, profile.data.xp);
}

/** The founder badge's text beside the heading ('Founder #12'), or null for none. */
export function firstScreenBadge(reads: FirstScreenReads): string | null {
  const profile = badgeProfileSchema.safeParse(reads.profile).data;
  return profile?.isFounder && profile.userNumber !== null
    ? `Founder #${profile.userNumber}`
    : null;
}
