import {
  EVENTS,
  addDays,
  daysBetween,
  isSeriesPaused,
  localDate,
  makeEvent,
  pauseSeries,
  resumeSeries,
  SERIES_SCHEDULE_FIELDS,
  WEEKLY_DAYS_REQUIRED_MESSAGE,
  seriesOccursOn,
  startOfLocalDay,
  type SeriesPause,
  type UpdateSeriesRequest,
  type CreateSeriesRequest,
  type Series,
  type SeriesChoice,
  type ChecklistTemplateStep,
} from '@levelup/contracts';
import { AppError, conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import type { OccurrenceMaterialiser } from '../occurrences/materialiser.ts';
import type { OccurrenceDoc } from '../occurrences/models.ts';
import type { OccurrencesRepository } from '../occurrences/repository.ts';
import {
  CHECKLIST_EDIT_ATTEMPTS,
  checklistKeptChanging,
  daySteps,
  templateSteps,
} from '../quests/checklist.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { SeriesDoc } from './models.ts';
import type { SeriesRepository, SeriesRevision } from './repository.ts';
import { scheduleOf, scheduledThrough, toSeries } from './series-dto.ts';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';

/** How often an edit or delete is tried again when a pause or another edit changed the series first. */
const ATTEMPTS = 3;

const OCCURRENCE_FIELDS = [
  'title',
  'description',
  'difficulty',
  'xpReward',
  'timeEstimate',
  'category',
  'timeOfDay',
  'growthPath',
  'measure',
  'completeWhenChecklistDone',
] as const;

/** Field values compared by content (a measure is an object; the rest are plain values). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two lists have the same steps (ids and texts) in the same order; ticks aside. */
function sameSteps(
  a: readonly ChecklistTemplateStep[],
  b: readonly ChecklistTemplateStep[],
): boolean {
  return (
    a.length === b.length && a.every((step, i) => step.id === b[i]?.id && step.text === b[i]?.text)
  );
}

function validationError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, 400, { details: [{ path, message }] });
}

/**
 * The fields an edit sets. A new schedule (cadence, interval, weekdays, monthly rule) starts tomorrow
 * (or on the series' start day, if later), as though the series were created then; what earlier
 * schedules had up to then is kept in scheduledBefore.
 */
function revisionOf(
  doc: SeriesDoc,
  input: UpdateSeriesRequest,
  tomorrow: string,
  timeZone: string,
): { fields: SeriesRevision; scheduleChanged: boolean } {
  const fields: SeriesRevision = {};
  for (const key of OCCURRENCE_FIELDS) {
    const value = input[key];
    if (value !== undefined && !sameValue(value, doc[key] ?? null))
      Object.assign(fields, { [key]: value });
  }
  // Tags belong to the routine alone: its days carry none.
  if (input.tags !== undefined && !sameValue(input.tags, doc.tags ?? [])) fields.tags = input.tags;
  if (input.checklist !== undefined) {
    const steps = templateSteps(input.checklist, doc.checklist ?? []);
    if (!sameSteps(steps, doc.checklist ?? [])) fields.checklist = steps;
  }
  const auto = input.completeWhenChecklistDone;
  if (auto !== undefined && auto !== (doc.completeWhenChecklistDone ?? false))
    fields.completeWhenChecklistDone = auto;
  const recurrenceType = input.recurrenceType ?? doc.recurrenceType;
  const pattern =
    recurrenceType === 'weekly'
      ? [...new Set(input.weeklyPattern ?? doc.weeklyPattern ?? [])].sort((a, b) => a - b)
      : null;
  if (recurrenceType === 'weekly' && pattern?.length === 0)
    throw validationError('weeklyPattern', WEEKLY_DAYS_REQUIRED_MESSAGE);
  const schedule = {
    recurrenceType,
    recurrenceInterval: input.recurrenceInterval ?? doc.recurrenceInterval,
    weeklyPattern: pattern,
    monthlyBy: input.monthlyBy ?? doc.monthlyBy ?? 'day_of_month',
  };
  const scheduleChanged = SERIES_SCHEDULE_FIELDS.some(
    (key) => JSON.stringify(schedule[key]) !== JSON.stringify(doc[key] ?? null),
  );
  // A series that has not started yet keeps its start day.
  const start = daysBetween(doc.startLocalDate, tomorrow) > 0 ? tomorrow : doc.startLocalDate;
  if (scheduleChanged)
    Object.assign(fields, schedule, {
      startLocalDate: start,
      startDate: startOfLocalDay(start, timeZone),
      scheduledBefore: scheduledThrough(doc, addDays(start, -1)),
    });
  return { fields, scheduleChanged };
}

/** A new series as stored, its local start and end days in the user's zone (an end before the start is a 400). */
function newSeriesFields(userId: string, input: CreateSeriesRequest, timeZone: string, now: Date) {
  const startDate = input.startDate ?? now;
  const startLocalDate = localDate(startDate, timeZone);
  const endLocalDate = input.endDate ? localDate(input.endDate, timeZone) : null;
  if (endLocalDate && daysBetween(startLocalDate, endLocalDate) < 0) {
    const message = 'endDate must not be before startDate';
    throw new AppError('VALIDATION_FAILED', message, 400, {
      details: [{ path: 'endDate', message }],
    });
  }
  return {
    userId,
    title: input.title,
    description: input.description,
    difficulty: input.difficulty,
    xpReward: input.xpReward,
    timeEstimate: input.timeEstimate,
    category: input.category,
    timeOfDay: input.timeOfDay,
    growthPath: input.growthPath,
    recurrenceType: input.recurrenceType,
    recurrenceInterval: input.recurrenceInterval,
    weeklyPattern: input.weeklyPattern,
    monthlyBy: input.monthlyBy,
    measure: input.measure,
    tags: input.tags,
    checklist: templateSteps(input.checklist, []),
    completeWhenChecklistDone: input.completeWhenChecklistDone,
    startDate,
    endDate: input.endDate ?? null,
    startLocalDate,
    endLocalDate,
    pauses: [],
    isActive: true,
  };
}

export const seriesNotFound = () => notFound('Recurring quest series not found');

export function seriesEventData(
  series: Pick<
    SeriesDoc,
    | 'userId'
    | 'title'
    | 'difficulty'
    | 'xpReward'
    | 'category'
    | 'growthPath'
    | 'recurrenceType'
    | 'weeklyPattern'
    | 'isActive'
  > & { _id: { toString(): string } },
) {
  return {
    userId: series.userId,
    seriesId: series._id.toString(),
    title: series.title,
    difficulty: series.difficulty,
    xpReward: series.xpReward,
    category: series.category ?? null,
    growthPath: series.growthPath ?? null,
    recurrenceType: series.recurrenceType,
    weeklyPattern: series.weeklyPattern ?? null,
    isActive: series.isActive,
  };
}

/** What the series operations need: the service's dependencies, the clock settled, withSummaries. */
interface SeriesContext {
  series: SeriesRepository;
  occurrences: OccurrencesRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock: () => Date;
  withSummaries(userId: string, list: SeriesDoc[], timeZone: string): Promise<Series[]>;
}

/** Pause or resume with contracts' rule; the change and its series_changed event are one update. */
async function changePauses(
  ctx: SeriesContext,
  userId: string,
  id: string,
  requestId: string | undefined,
  rule: (pauses: readonly SeriesPause[], today: string) => SeriesPause[],
): Promise<Series> {
  const { series, zones, relay, clock, withSummaries } = ctx;
  const [doc, timeZone] = await Promise.all([
    series.findOwned(userId, id),
    zones.timeZoneOf(userId),
  ]);
  if (!doc) throw seriesNotFound();
  const now = clock();
  const pauses = rule(doc.pauses ?? [], localDate(now, timeZone));
  const isActive = !isSeriesPaused(pauses);
  let current = doc;
  if (JSON.stringify(pauses) !== JSON.stringify(doc.pauses ?? [])) {
    const event = makeEvent(
      EVENTS.seriesChanged.type,
      { ...seriesEventData(doc), isActive },
      { requestId, now },
    );
    const updated = await series.setPauses(doc, pauses, isActive, event);
    if (updated) {
      await relay.flush(updated);
      current = updated;
    } else {
      current = (await series.findOwned(userId, id)) ?? doc;
    }
  }
  const [answer] = await withSummaries(userId, [current], timeZone);
  return answer as Series;
}

/**
 * The series' steps onto its open days from `today` on: each day takes the list in its order, a step it
 * kept keeping that day's tick (daySteps), landing only on the steps it was merged with, so a tick in
 * between is merged again rather than lost. Done days and past days keep theirs; a day already holding
 * these steps is left as it is.
 */
async function stepsOntoOpenDays(
  occurrences: OccurrencesRepository,
  series: Pick<SeriesDoc, '_id' | 'userId' | 'checklist'>,
  today: string,
): Promise<void> {
  const template = series.checklist ?? [];
  const days = await occurrences.openChecklistsFrom(series.userId, series._id.toString(), today);
  await Promise.all(
    days.map(async (first) => {
      let day: Pick<OccurrenceDoc, '_id' | 'checklist' | 'checklistRev' | 'isCompleted'> | null =
        first;
      for (let attempt = 1; day && !day.isCompleted; attempt += 1) {
        const stored = day.checklist ?? [];
        if (sameSteps(stored, template)) return;
        if (await occurrences.setChecklist(day, daySteps(template, stored))) return;
        if (attempt >= CHECKLIST_EDIT_ATTEMPTS) throw checklistKeptChanging();
        day = await occurrences.findOwned(series.userId, day._id.toString());
      }
    }),
  );
}

/**
 * Edits a series from the next occurrence on: today's and later occurrences not yet done take the new
 * name, price, time of day and steps (stepsOntoOpenDays); done ones and past days keep theirs. A new
 * schedule starts tomorrow;
 * later open occurrences it no longer has go. One series_changed event tells svc-goals.
 */
async function reviseSeries(
  { series, occurrences, zones, relay, clock, withSummaries }: SeriesContext,
  userId: string,
  id: string,
  input: UpdateSeriesRequest,
  requestId: string | undefined,
): Promise<Series> {
  const timeZone = await zones.timeZoneOf(userId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const doc = await series.findOwned(userId, id);
    if (!doc) throw seriesNotFound();
    const now = clock();
    const today = localDate(now, timeZone);
    const tomorrow = addDays(today, 1);
    const { fields, scheduleChanged } = revisionOf(doc, input, tomorrow, timeZone);
    if (Object.keys(fields).length === 0) {
      // The same steps again still reach a day an earlier edit could not (stepsOntoOpenDays).
      if (input.checklist) await stepsOntoOpenDays(occurrences, doc, today);
      const [unchanged] = await withSummaries(userId, [doc], timeZone);
      return unchanged as Series;
    }
    const after = { ...doc, ...fields };
    const event = makeEvent(EVENTS.seriesChanged.type, seriesEventData(after), {
      requestId,
      now,
    });
    const updated = await series.revise(doc, fields, event);
    if (!updated) continue;
    const forOccurrences = Object.fromEntries(
      OCCURRENCE_FIELDS.filter((key) => key in fields).map((key) => [key, fields[key]]),
    );
    await occurrences.reviseOpenFrom(userId, id, today, forOccurrences);
    if (scheduleChanged) {
      const schedule = scheduleOf(updated);
      await occurrences.removeOpenFrom(userId, id, tomorrow, (day) =>
        seriesOccursOn(schedule, day),
      );
    }
    if (input.checklist) await stepsOntoOpenDays(occurrences, updated, today);
    await relay.flush(updated);
    const [answer] = await withSummaries(userId, [updated], timeZone);
    return answer as Series;
  }
  throw conflict('The series changed meanwhile. Please try again.');
}

/**
 * Deletes a series: its open occurrences from today on go, its done ones stay (with their XP, in the
 * calendar), and series_deleted unlinks it from goals. No XP moves.
 */
async function removeSeries(
  { series, occurrences, zones, relay, clock }: SeriesContext,
  userId: string,
  id: string,
  requestId: string | undefined,
): Promise<void> {
  const timeZone = await zones.timeZoneOf(userId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const doc = await series.findOwned(userId, id);
    if (!doc) throw seriesNotFound();
    const now = clock();
    const event = makeEvent(
      EVENTS.seriesDeleted.type,
      { ...seriesEventData(doc), isActive: false },
      { requestId, now },
    );
    const deleted = await series.softDelete(doc, now, event);
    if (!deleted) continue;
    await occurrences.removeOpenFrom(userId, id, localDate(now, timeZone));
    await relay.flush(deleted);
    return;
  }
  throw conflict('The series changed meanwhile. Please try again.');
}

export function seriesService(deps: {
  series: SeriesRepository;
  occurrences: OccurrencesRepository;
  materialiser: OccurrenceMaterialiser;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
  quotas: QuestsQuotas;
}) {
  const { series, materialiser, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Series with today's and yesterday's occurrence in the user's zone (materialised if needed). */
  async function withSummaries(
    userId: string,
    list: SeriesDoc[],
    timeZone: string,
  ): Promise<Series[]> {
    const today = localDate(clock(), timeZone);
    const yesterday = addDays(today, -1);
    const docs = await materialiser.ensure(userId, list, { from: yesterday, to: today });
    const byKey = new Map<string, OccurrenceDoc>(
      docs.map((doc) => [`${doc.seriesId}|${doc.scheduledFor}`, doc]),
    );
    return list.map((doc) => {
      const id = doc._id.toString();
      return toSeries(doc, byKey.get(`${id}|${today}`), byKey.get(`${id}|${yesterday}`));
    });
  }

  const ctx: SeriesContext = {
    series,
    occurrences: deps.occurrences,
    zones,
    relay,
    clock,
    withSummaries,
  };

  return {
    withSummaries,

    /** Edits a series from the next occurrence on (reviseSeries). */
    update: (
      userId: string,
      id: string,
      input: UpdateSeriesRequest,
      requestId: string | undefined,
    ) => reviseSeries(ctx, userId, id, input, requestId),

    /** Deletes a series; its done occurrences stay (removeSeries). */
    remove: (userId: string, id: string, requestId: string | undefined) =>
      removeSeries(ctx, userId, id, requestId),

    /** Pause: no occurrences from tomorrow until resumed (today's stays). */
    pause(userId: string, id: string, requestId: string | undefined) {
      return changePauses(ctx, userId, id, requestId, pauseSeries);
    },

    /** Resume: scheduled again from today; the paused days stay empty. */
    resume(userId: string, id: string, requestId: string | undefined) {
      return changePauses(ctx, userId, id, requestId, resumeSeries);
    },

    async create(
      userId: string,
      input: CreateSeriesRequest,
      requestId: string | undefined,
    ): Promise<Series> {
      const timeZone = await zones.timeZoneOf(userId);
      const now = clock();
      const fields = newSeriesFields(userId, input, timeZone, now);
      await deps.quotas.activeQuests(userId);
      const created = await series.create(fields, (seriesId) =>
        makeEvent(EVENTS.seriesCreated.type, seriesEventData({ ...fields, _id: seriesId }), {
          requestId,
          now,
        }),
      );
      await relay.flush(created);
      const [answer] = await withSummaries(userId, [created], timeZone);
      return answer as Series;
    },

    async list(userId: string): Promise<Series[]> {
      const [list, timeZone] = await Promise.all([
        series.listForUser(userId),
        zones.timeZoneOf(userId),
      ]);
      return withSummaries(userId, list, timeZone);
    },

    /** The goal link dialog's choices. */
    async choices(userId: string): Promise<SeriesChoice[]> {
      return (await series.listForUser(userId)).map((doc) => ({
        id: doc._id.toString(),
        title: doc.title,
      }));
    },
  };
}

export type SeriesService = ReturnType<typeof seriesService>;
