import {
  amountProgress,
  checklistProgress,
  checklistStepsLabel,
  localDate,
  measureLabel,
  normaliseTags,
  type ChecklistStep,
  type CommunityCalendarEntry,
} from '@levelup/contracts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import type { QuestDoc } from '../quests/models.ts';
import type { IcsEvent } from './ics.ts';

/** How long a scheduled quest blocks when its time estimate does not say (minutes). */
export const DEFAULT_QUEST_MINUTES = 30;
const UID_DOMAIN = 'levelup';
const TIME_OF_DAY_LABELS = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

/** '45 min', '1 hour', '1.5h', '90' read as minutes (5 to 480); anything else is the default. */
export function estimateMinutes(estimate: string | null): number {
  const match = estimate
    ?.trim()
    .match(/^(\d+(?:[.,]\d+)?)\s*(m|min|mins|minutes?|h|hr|hrs|hours?)?$/i);
  if (!match) return DEFAULT_QUEST_MINUTES;
  const amount = Number(match[1]!.replace(',', '.'));
  const minutes = /^h/i.test(match[2] ?? '') ? amount * 60 : amount;
  return Math.min(480, Math.max(5, Math.round(minutes)));
}

const done = (title: string, isCompleted: boolean) => (isCompleted ? `✓ ${title}` : title);

function xpLine(item: { xpReward: number; difficulty: string }): string {
  return `${item.difficulty[0]!.toUpperCase()}${item.difficulty.slice(1)} quest, ${item.xpReward} XP`;
}

/** "Checklist: 2/5 steps", in the card's words; nothing for a quest without steps. */
function checklistLine(steps: readonly ChecklistStep[]): string {
  if (steps.length === 0) return '';
  const { done, total } = checklistProgress(steps);
  return `Checklist: ${checklistStepsLabel(done, total)}`;
}

/**
 * A measurable day's target, and its amount once one is entered, in the app's words (a per-week
 * target's week so far: "Logged: 45 / 100 km this week").
 */
function measureLines({
  measure,
  amount,
  weekTotal,
}: Pick<OccurrenceDoc, 'measure' | 'amount' | 'weekTotal'>) {
  if (!measure) return '';
  const target = `Target: ${measureLabel(measure)}`;
  return amount === null || amount === undefined
    ? target
    : `${target}\nLogged: ${amountProgress(measure, amount, weekTotal)}`;
}

/**
 * CATEGORIES: the kind of item, then the user's own tags, one spelling each whatever the case (the
 * app's rule for tags), so a tag named like the kind is not written twice.
 */
const categoriesOf = (kind: string, tags: readonly string[] | undefined) =>
  normaliseTags([kind, ...(tags ?? [])]);

/** A quest with a time is a timed event; one with only a due date, an all-day event on that day. */
export function questEvent(quest: QuestDoc, timeZone: string): IcsEvent {
  const description = [quest.description, checklistLine(quest.checklist ?? []), xpLine(quest)]
    .filter(Boolean)
    .join('\n\n');
  return {
    uid: `quest-${quest._id.toString()}@${UID_DOMAIN}`,
    summary: done(quest.title, quest.isCompleted),
    description,
    when: quest.scheduledTime
      ? { kind: 'timed', start: quest.scheduledTime, minutes: estimateMinutes(quest.timeEstimate) }
      : { kind: 'date', date: localDate(quest.dueDate!, timeZone) },
    lastModified: quest.updatedAt,
    sequence: quest.rev,
    categories: categoriesOf('Quest', quest.tags),
    transparent: !quest.scheduledTime,
  };
}

/**
 * A series occurrence is an all-day event on its local day; its UID is the series and the day. Its tags
 * are its series' (a day keeps none of its own).
 */
export function occurrenceEvent(
  occurrence: OccurrenceDoc,
  seriesTags?: readonly string[],
): IcsEvent {
  const when = occurrence.timeOfDay !== 'anytime' ? TIME_OF_DAY_LABELS[occurrence.timeOfDay] : '';
  const measured = measureLines(occurrence);
  const steps = checklistLine(occurrence.checklist ?? []);
  const description = [when, occurrence.description, measured, steps, xpLine(occurrence)]
    .filter(Boolean)
    .join('\n\n');
  return {
    uid: `occurrence-${occurrence.seriesId}-${occurrence.scheduledFor.replace(/-/g, '')}@${UID_DOMAIN}`,
    summary: done(occurrence.title, occurrence.isCompleted),
    description,
    when: { kind: 'date', date: occurrence.scheduledFor },
    lastModified: occurrence.completedAt ?? occurrence.createdAt,
    categories: categoriesOf('Recurring quest', seriesTags),
    transparent: true,
  };
}

/** A body-doubling session the user hosts or joined, or a meetup they are going to. */
export function communityEvent(entry: CommunityCalendarEntry): IcsEvent {
  return {
    uid: `${entry.kind}-${entry.id}@${UID_DOMAIN}`,
    summary: entry.kind === 'session' ? `Body doubling: ${entry.title}` : entry.title,
    description: [entry.description, entry.detail].filter(Boolean).join('\n\n'),
    when: { kind: 'timed', start: new Date(entry.start), minutes: entry.durationMinutes },
    lastModified: new Date(entry.createdAt),
    categories: [entry.kind === 'session' ? 'Body doubling' : 'Meetup'],
  };
}

/** Timed events by start, all-day ones at their day's start; ties by UID so every fetch is the same. */
export function startKey(event: IcsEvent): string {
  const start =
    event.when.kind === 'timed' ? event.when.start.toISOString() : `${event.when.date}T00:00`;
  return `${start}|${event.uid}`;
}
