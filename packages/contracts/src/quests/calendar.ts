import { z } from 'zod';
import { localDateSchema, monthSchema } from '../common/dates.ts';

/** GET /api/dashboard/calendar?month=yyyy-MM. */
export const calendarQuerySchema = z.object({ month: monthSchema });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A goal finished on a day; a day lists each such goal by id and title. */
export const calendarGoalSchema = z.object({ id: z.string(), title: z.string() });
export type CalendarGoal = z.infer<typeof calendarGoalSchema>;

/** One day of the calendar day map. */
export const calendarDaySchema = z.object({
  questsCompleted: z.number().int().min(0),
  goalsCompleted: z.array(calendarGoalSchema),
  lifeTasksCompleted: z.number().int().min(0),
  totalXp: z.number().int(),
  maintenanceXp: z.number().int().min(0),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** Keyed by the user's local date 'YYYY-MM-DD'. */
export const calendarResponseSchema = z.record(localDateSchema, calendarDaySchema);
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** A day gets a star when three or more items were completed. */
export const CALENDAR_STAR_THRESHOLD = 3;

export function calendarItemCount(day: CalendarDay): number {
  return day.questsCompleted + day.goalsCompleted.length + day.lifeTasksCompleted;
}

export function hasCalendarStar(day: CalendarDay): boolean {
  return calendarItemCount(day) >= CALENDAR_STAR_THRESHOLD;
}

export type CalendarKind = 'quests' | 'goals' | 'lifeTasks';

/** The kinds of activity a day shows a dot for; two or more make the 'Multiple' colour. */
export function calendarDayKinds(day: CalendarDay): CalendarKind[] {
  const kinds: CalendarKind[] = [];
  if (day.questsCompleted > 0) kinds.push('quests');
  if (day.goalsCompleted.length > 0) kinds.push('goals');
  if (day.lifeTasksCompleted > 0) kinds.push('lifeTasks');
  return kinds;
}

export type CalendarColor = 'none' | 'blue' | 'green' | 'orange' | 'multiple';

/** Legend: Quests blue, Goals green, Life Tasks orange, Multiple. */
export function calendarDayColor(day: CalendarDay | undefined): CalendarColor {
  if (!day) return 'none';
  const kinds = calendarDayKinds(day);
  if (kinds.length === 0) return 'none';
  if (kinds.length > 1) return 'multiple';
  return kinds[0] === 'quests' ? 'blue' : kinds[0] === 'goals' ? 'green' : 'orange';
}

/** Tooltip: '{q} quests, {g} goals, {l} life tasks' or 'No activity'. */
export function calendarTooltip(day: CalendarDay | undefined): string {
  if (!day || calendarItemCount(day) === 0) return 'No activity';
  return `${day.questsCompleted} quests, ${day.goalsCompleted.length} goals, ${day.lifeTasksCompleted} life tasks`;
}

/** A selected day's Total XP is totalXp plus maintenanceXp. */
export function calendarDayTotalXp(day: CalendarDay): number {
  return day.totalXp + day.maintenanceXp;
}

export interface MonthSummary {
  questsCompleted: number;
  goalsAchieved: number;
  lifeTasks: number;
  totalXp: number;
}

/** 'This Month's Summary'. */
export function calendarMonthSummary(days: CalendarResponse): MonthSummary {
  const sum: MonthSummary = { questsCompleted: 0, goalsAchieved: 0, lifeTasks: 0, totalXp: 0 };
  for (const day of Object.values(days)) {
    sum.questsCompleted += day.questsCompleted;
    sum.goalsAchieved += day.goalsCompleted.length;
    sum.lifeTasks += day.lifeTasksCompleted;
    sum.totalXp += calendarDayTotalXp(day);
  }
  return sum;
}

/** The first and last local day of a month 'yyyy-MM'. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The day map of GET /api/dashboard/calendar from what happened on each local day: quests and
 * occurrences done (with the XP they hold now), life task completions (maintenance XP) and goals
 * completed. Only days with activity get a key. A co-focus bonus still held counts in its
 * completion's day's totalXp, as it does in the profile's total: every XP figure adds up the same.
 */
export function buildCalendar(input: {
  quests: Iterable<{ localDate: string; xp: number }>;
  lifeTasks: Iterable<{ localDate: string; xp: number }>;
  goals: Iterable<{ localDate: string; id: string; title: string }>;
  coFocusBonuses?: Iterable<{ localDate: string; xp: number }>;
}): CalendarResponse {
  const days: CalendarResponse = {};
  const day = (date: string): CalendarDay =>
    (days[date] ??= {
      questsCompleted: 0,
      goalsCompleted: [],
      lifeTasksCompleted: 0,
      totalXp: 0,
      maintenanceXp: 0,
    });
  for (const q of input.quests) {
    const d = day(q.localDate);
    d.questsCompleted += 1;
    d.totalXp += q.xp;
  }
  for (const t of input.lifeTasks) {
    const d = day(t.localDate);
    d.lifeTasksCompleted += 1;
    d.maintenanceXp += t.xp;
  }
  for (const g of input.goals) day(g.localDate).goalsCompleted.push({ id: g.id, title: g.title });
  // A bonus comes with a completion, so its day is already there (an orphan still gets counted).
  for (const b of input.coFocusBonuses ?? []) day(b.localDate).totalXp += b.xp;
  return days;
}
