import { z } from 'zod';
import { localDateSchema } from '../common/dates.ts';
import { totalXpToReachLevel } from '../progression/level.ts';
import { addDays } from '../time/zone.ts';
import { EVENTS, eventEntryOf } from '../events/table.ts';

/**
 * The profile's four achievements (Profile screen), earned from the user's own history, each with the
 * moment it was earned.
 */
export const ACHIEVEMENTS = [
  { id: 'first-quest', name: 'First Quest', description: 'Complete your first daily quest' },
  { id: 'week-warrior', name: 'Week Warrior', description: 'Keep a 7-day streak' },
  {
    id: 'community-helper',
    name: 'Community Helper',
    description: 'Help 10 community members',
  },
  { id: 'level-10-hero', name: 'Level 10 Hero', description: 'Reach level 10' },
] as const;

export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

export const WEEK_WARRIOR_DAYS = 7;
export const COMMUNITY_HELPER_MEMBERS = 10;
export const HERO_LEVEL = 10;

export const achievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
  /** ISO instant at which it was earned; null while not earned. */
  earnedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementsResponseSchema = z.object({ achievements: z.array(achievementSchema) });
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;

/** Where an XP change came from, as the ledger knows it. */
export const XP_SOURCES = ['quest', 'occurrence', 'life_task', 'co_focus', 'other'] as const;
export const xpSourceSchema = z.enum(XP_SOURCES);
export type XpSource = z.infer<typeof xpSourceSchema>;
/** How the XP history names each source. */
export const XP_SOURCE_LABELS: Readonly<Record<XpSource, string>> = {
  quest: 'Quest',
  occurrence: 'Recurring quest',
  life_task: 'Life task',
  co_focus: 'Co-focus bonus',
  other: 'Other',
};

/** One XP change on the user's ledger (the profile's 'Why this XP'). */
export const xpHistoryEntrySchema = z.object({
  id: z.string(),
  /**
   * The event that moved the XP (quests.completed, quests.partial, quests.revoked,
   * quests.life_task_completed, quests.life_task_uncompleted).
   */
  type: z.string(),
  source: xpSourceSchema,
  /** The quest's or life task's title at the time; null for rows recorded before titles were kept. */
  title: z.string().nullable(),
  xpDelta: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The day in the user's zone; null for rows recorded before local days were kept. */
  localDate: localDateSchema.nullable(),
});
export type XpHistoryEntry = z.infer<typeof xpHistoryEntrySchema>;

export const XP_HISTORY_DEFAULT_LIMIT = 50;
export const XP_HISTORY_MAX_LIMIT = 500;

export const xpHistoryQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${XP_HISTORY_MAX_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${XP_HISTORY_MAX_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${XP_HISTORY_MAX_LIMIT}`)
      .max(XP_HISTORY_MAX_LIMIT, `limit must be a whole number from 1 to ${XP_HISTORY_MAX_LIMIT}`)
      .default(XP_HISTORY_DEFAULT_LIMIT),
  })
  .strict();

/** GET /api/user/xp-history: the newest entries first, and how many there are in all. */
export const xpHistoryResponseSchema = z.object({
  entries: z.array(xpHistoryEntrySchema),
  total: z.number().int().min(0),
});
export type XpHistoryResponse = z.infer<typeof xpHistoryResponseSchema>;

/** The ledger's event type to its source. */
export function xpSourceOf(type: string, occurrenceId: string | null | undefined): XpSource {
  if (type === EVENTS.lifeTaskCompleted.type || type === EVENTS.lifeTaskUncompleted.type)
    return 'life_task';
  if (type === EVENTS.coFocusAwarded.type || type === EVENTS.coFocusRevoked.type) return 'co_focus';
  if (eventEntryOf(type)?.stream === 'QUESTS') return occurrenceId ? 'occurrence' : 'quest';
  return 'other';
}

/** A ledger row as the achievement rule reads it. */
export interface AchievementHistoryRow {
  type: string;
  xpDelta: number;
  at: Date;
  /** The user's local day of the change; the UTC day is used when unknown. */
  localDate: string | null;
}

const QUEST_COMPLETIONS = new Set<string>([EVENTS.questCompleted.type, EVENTS.questPartial.type]);

/**
 * The four achievements from the user's XP history (oldest first is not required) and, for Community
 * Helper, the number of other members the user has helped (null when the community service cannot say).
 * - First Quest: the first quest or occurrence completion (partial counts: something was done).
 * - Week Warrior: the first 7 local days in a row each with a completion; earned on the 7th.
 * - Level 10 Hero: the first moment the running total reached level 10 (4,500 XP); a later loss
 *   does not take it back.
 * - Community Helper: 10 members helped (commented on or liked another member's post).
 */
export function achievementsFrom(
  history: readonly AchievementHistoryRow[],
  membersHelped: { count: number; at: Date | null } | null = null,
): Achievement[] {
  const rows = [...history].sort((a, b) => a.at.getTime() - b.at.getTime());
  const completions = rows.filter((row) => QUEST_COMPLETIONS.has(row.type) && row.xpDelta > 0);

  const earnedAt: Record<AchievementId, Date | null> = {
    'first-quest': completions[0]?.at ?? null,
    'week-warrior': weekWarriorAt(completions),
    'community-helper':
      membersHelped && membersHelped.count >= COMMUNITY_HELPER_MEMBERS
        ? (membersHelped.at ?? null)
        : null,
    'level-10-hero': levelReachedAt(rows, HERO_LEVEL),
  };
  return ACHIEVEMENTS.map((achievement) => {
    const at = earnedAt[achievement.id];
    const earned =
      achievement.id === 'community-helper'
        ? (membersHelped?.count ?? 0) >= COMMUNITY_HELPER_MEMBERS
        : at !== null;
    return { ...achievement, earned, earnedDate: at ? at.toISOString() : null };
  });
}

function dayOf(row: AchievementHistoryRow): string {
  return row.localDate ?? row.at.toISOString().slice(0, 10);
}

/**
 * When the first run of WEEK_WARRIOR_DAYS consecutive days with a completion was completed: the
 * earliest moment at which some WEEK_WARRIOR_DAYS days in a row all had one. A day filled in afterwards
 * (back-fill) counts on its own day but only from when it was filled in, so a gap filled today completes
 * the run today, not on the run's last day.
 */
function weekWarriorAt(completions: readonly AchievementHistoryRow[]): Date | null {
  const firstOfDay = new Map<string, Date>();
  for (const row of completions)
    if (!firstOfDay.has(dayOf(row))) firstOfDay.set(dayOf(row), row.at);
  const days = [...firstOfDay.keys()].sort();
  let run: Date[] = [];
  let previous: string | null = null;
  let earliest: Date | null = null;
  for (const day of days) {
    const at = firstOfDay.get(day) as Date;
    run = previous !== null && addDays(previous, 1) === day ? [...run, at] : [at];
    previous = day;
    if (run.length < WEEK_WARRIOR_DAYS) continue;
    const whole = new Date(Math.max(...run.slice(-WEEK_WARRIOR_DAYS).map((d) => d.getTime())));
    if (!earliest || whole < earliest) earliest = whole;
  }
  return earliest;
}

function levelReachedAt(rows: readonly AchievementHistoryRow[], level: number): Date | null {
  const needed = totalXpToReachLevel(level);
  let total = 0;
  for (const row of rows) {
    total += row.xpDelta;
    if (total >= needed) return row.at;
  }
  return null;
}
