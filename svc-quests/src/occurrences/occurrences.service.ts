import {
  NOT_MEASURABLE_MESSAGE,
  addDays,
  judgeMeasuredDays,
  startOfIsoWeek,
  periodOf,
  type AmountRequest,
  type CompletionType,
  type DateRangeQuery,
  type Occurrence,
  type OccurrenceToggleResponse,
  type ProgressUpdateRequest,
} from '@levelup/contracts';
import { conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import { moveCompletion } from '../completions/move-completion.ts';
import { tickChecklistStep } from '../quests/checklist.ts';
import type { SeriesRepository } from '../series/repository.ts';
import { localRangeOrThrow } from '../shared/local-range.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { OccurrenceMaterialiser } from './materialiser.ts';
import type { OccurrenceDoc } from './models.ts';
import { toOccurrence } from './occurrence-dto.ts';
import type { OccurrencesRepository } from './repository.ts';

export const occurrenceNotFound = () => notFound('Quest occurrence not found');

interface MoveContext {
  occurrences: OccurrencesRepository;
  zones: UserZones;
  relay: OutboxRelay;
  clock: () => Date;
  owned: (userId: string, id: string) => Promise<OccurrenceDoc>;
}

interface MoveOptions {
  progressNotes?: string | null;
  /** A back-fill's past local day (today when absent). */
  day?: string;
  /** A measurable day's amount, written with the move. */
  amount?: number;
}

/**
 * Moves an occurrence to another completion type, exactly once (moveCompletion). A measurable day
 * moved by its amount keeps the amount; moved back to not done any other way (Undo, a toggle), it
 * forgets it, so the card never shows an amount the day does not count.
 */
async function moveOccurrence(
  ctx: MoveContext,
  userId: string,
  id: string,
  target: (occurrence: OccurrenceDoc) => CompletionType | Promise<CompletionType>,
  requestId: string | undefined,
  { progressNotes, day, amount }: MoveOptions,
): Promise<OccurrenceToggleResponse> {
  const { occurrences, owned } = ctx;
  const [occurrence, timeZone] = await Promise.all([
    owned(userId, id),
    ctx.zones.timeZoneOf(userId),
  ]);
  const to = await target(occurrence);
  const amountSet =
    amount !== undefined ? { amount } : to === 'not_completed' ? { amount: null } : {};
  return moveCompletion({
    item: occurrence,
    userId,
    timeZone,
    now: ctx.clock(),
    to,
    requestId,
    progressNotes,
    day,
    alsoChanged: 'amount' in amountSet && amountSet.amount !== (occurrence.amount ?? null),
    occurrenceId: occurrence._id.toString(),
    // Series occurrences are never reminded.
    remindable: false,
    // Doing a skipped occurrence after all un-skips it.
    apply: (item, change, event) =>
      occurrences.applyChange(
        item,
        { ...change, ...amountSet, ...(change.isCompleted ? { skipped: false } : {}) },
        event,
      ),
    reload: () => owned(userId, id),
    flush: (item) => ctx.relay.flush(item),
    toDto: toOccurrence,
  });
}

/** Passes over one week before giving up on concurrent entries settling (each pass reads it afresh). */
const WEEK_PASSES = 5;

/**
 * Judges a per-week routine's week again after one of its days changed (judgeMeasuredDays): every
 * day with an amount is moved to the completion the week's total up to it makes, through the usual
 * move, so XP follows exactly once and counts on that day; every day's total so far is recorded. A
 * pass that changed something is followed by another on a fresh read, so entries on two days of one
 * week at once settle on what both amounts make. Answers the XP those later days moved.
 */
async function judgeWeek(
  ctx: MoveContext,
  userId: string,
  { seriesId, scheduledFor }: Pick<OccurrenceDoc, 'seriesId' | 'scheduledFor'>,
  requestId: string | undefined,
): Promise<{ xpDelta: number; changed: boolean }> {
  const from = startOfIsoWeek(scheduledFor);
  let xpDelta = 0;
  let changedAny = false;
  for (let pass = 0; pass < WEEK_PASSES; pass += 1) {
    const days = (
      await ctx.occurrences.between(userId, from, addDays(from, 6), [String(seriesId)])
    ).filter((d) => d.measure && periodOf(d.measure) === 'week');
    const latest = days.at(-1)?.measure;
    if (!latest) break;
    const judged = judgeMeasuredDays(
      latest,
      days.map((d) => ({ date: d.scheduledFor, amount: d.amount })),
    );
    let changed = false;
    for (const day of days) {
      const { completion } = judged.get(day.scheduledFor)!;
      if (typeof day.amount !== 'number' || completion === day.completionType) continue;
      const moved = await moveOccurrence(
        ctx,
        userId,
        day._id.toString(),
        () => completion,
        requestId,
        {
          amount: day.amount,
          day: day.scheduledFor,
        },
      );
      xpDelta += moved.xpDelta;
      changed = true;
    }
    const totals = days
      .map((day) => ({ day, weekTotal: judged.get(day.scheduledFor)!.total }))
      .filter(({ day, weekTotal }) => (day.weekTotal ?? null) !== weekTotal);
    if (totals.length > 0) {
      await ctx.occurrences.setWeekTotals(totals);
      changed = true;
    }
    if (!changed) break;
    changedAny = true;
  }
  return { xpDelta, changed: changedAny };
}

/**
 * One occurrence's move. A per-week routine's day then has its week judged again (judgeWeek): its
 * amount (entered, or forgotten by an Undo) changes the total every later day of the week stands on.
 * The answer's xpDelta is all the XP the request moved, the later days' included.
 */
async function moveJudged(
  ctx: MoveContext,
  userId: string,
  id: string,
  target: (occurrence: OccurrenceDoc) => CompletionType | Promise<CompletionType>,
  requestId: string | undefined,
  options: MoveOptions,
): Promise<OccurrenceToggleResponse> {
  const moved = await moveOccurrence(ctx, userId, id, target, requestId, options);
  if (!moved.measure || periodOf(moved.measure) !== 'week') return moved;
  const week = await judgeWeek(ctx, userId, moved, requestId);
  if (!week.changed) return moved;
  const now = await ctx.owned(userId, id);
  return {
    ...toOccurrence(now),
    xpDelta: moved.xpDelta + week.xpDelta,
    completionEventId: now.completionEventId,
  };
}

/**
 * The completion an amount makes for its day (judgeMeasuredDays): the day's own amount, or per week
 * the week's total from Monday up to it. 409 for a done-or-not routine.
 */
async function amountCompletion(
  occurrences: OccurrencesRepository,
  { userId, seriesId, scheduledFor, measure }: OccurrenceDoc,
  amount: number,
): Promise<CompletionType> {
  if (!measure) throw conflict(NOT_MEASURABLE_MESSAGE);
  const before =
    periodOf(measure) === 'week'
      ? await occurrences.between(userId, startOfIsoWeek(scheduledFor), addDays(scheduledFor, -1), [
          String(seriesId),
        ])
      : [];
  const entries = [
    ...before.map((d) => ({ date: d.scheduledFor, amount: d.amount })),
    { date: scheduledFor, amount },
  ];
  return judgeMeasuredDays(measure, entries).get(scheduledFor)!.completion;
}

/** One step of a day to tick (true) or untick (false). */
interface StepTick {
  stepId: string;
  done: boolean;
}

/**
 * Ticks or unticks one step of a routine's day; the last tick completes the day by `complete`, its
 * Complete button's own move, when its routine's owner chose so (tickChecklistStep).
 */
function tickOccurrenceStep(
  occurrences: OccurrencesRepository,
  { userId, id, stepId, done }: StepTick & { userId: string; id: string },
  complete: () => Promise<OccurrenceToggleResponse>,
): Promise<OccurrenceToggleResponse> {
  return tickChecklistStep(
    {
      tick: () => occurrences.tickStep(userId, id, stepId, done),
      exists: async () => (await occurrences.findOwned(userId, id)) !== null,
      itemNotFound: occurrenceNotFound,
      complete,
      toDto: toOccurrence,
    },
    done,
  );
}

export function occurrencesService(deps: {
  occurrences: OccurrencesRepository;
  series: SeriesRepository;
  materialiser: OccurrenceMaterialiser;
  zones: UserZones;
  relay: OutboxRelay;
  clock?: () => Date;
}) {
  const { occurrences, zones, relay } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function owned(userId: string, id: string): Promise<OccurrenceDoc> {
    const occurrence = await occurrences.findOwned(userId, id);
    if (!occurrence) throw occurrenceNotFound();
    return occurrence;
  }

  async function setHidden(userId: string, id: string, hidden: boolean): Promise<Occurrence> {
    const occurrence = await owned(userId, id);
    if (occurrence.hiddenFromDashboard === hidden) return toOccurrence(occurrence);
    const updated = await occurrences.setFlags(occurrence, { hiddenFromDashboard: hidden });
    return toOccurrence(updated ?? (await owned(userId, id)));
  }

  const ctx: MoveContext = { occurrences, zones, relay, clock, owned };

  const move = (
    userId: string,
    id: string,
    target: (occurrence: OccurrenceDoc) => CompletionType | Promise<CompletionType>,
    requestId: string | undefined,
    options: MoveOptions = {},
  ) => moveJudged(ctx, userId, id, target, requestId, options);

  return {
    /** GET /api/quests/occurrences: exactly one per series and scheduled local day of the range. */
    async list(userId: string, query: DateRangeQuery): Promise<Occurrence[]> {
      const [seriesList, timeZone] = await Promise.all([
        deps.series.listForUser(userId),
        zones.timeZoneOf(userId),
      ]);
      const range = localRangeOrThrow(query, clock(), timeZone);
      return (await deps.materialiser.ensure(userId, seriesList, range)).map(toOccurrence);
    },

    /** Undo of the completion `eventId`: back to not completed only while it is the standing one. */
    undo(
      userId: string,
      occurrence: OccurrenceDoc,
      eventId: string,
      requestId: string | undefined,
    ) {
      return move(
        userId,
        occurrence._id.toString(),
        (current) =>
          current.completionEventId === eventId ? 'not_completed' : current.completionType,
        requestId,
      );
    },

    toggle(userId: string, id: string, requestId: string | undefined) {
      return move(userId, id, (o) => (o.isCompleted ? 'not_completed' : 'completed'), requestId);
    },

    complete(userId: string, id: string, requestId: string | undefined) {
      return move(userId, id, () => 'completed', requestId);
    },

    progress(
      userId: string,
      id: string,
      input: ProgressUpdateRequest,
      requestId: string | undefined,
      day?: string,
    ) {
      return move(userId, id, () => input.completionType, requestId, {
        progressNotes: input.progressNotes,
        day,
      });
    },

    /** Ticks or unticks one step of the day; the last tick may complete it (tickOccurrenceStep). */
    tickStep: (userId: string, id: string, step: StepTick, requestId: string | undefined) =>
      tickOccurrenceStep(occurrences, { userId, id, ...step }, () =>
        move(userId, id, () => 'completed', requestId),
      ),

    /**
     * A measurable day's amount: the amount decides the completion (judgeMeasuredDays: the day's own
     * amount, or per week the week's total up to it) and moves XP exactly as a check-off to that state
     * would. 409 for a done-or-not routine.
     */
    async recordAmount(
      userId: string,
      id: string,
      input: AmountRequest,
      requestId: string | undefined,
      day?: string,
    ) {
      const judged = (occurrence: OccurrenceDoc) =>
        amountCompletion(occurrences, occurrence, input.amount);
      return move(userId, id, judged, requestId, { amount: input.amount, day });
    },

    /**
     * Off the dashboard (and its schedule); the Quest Log and the calendar feed still show it, and it
     * can still be completed, un-completed and un-hidden. XP untouched. Idempotent.
     */
    hide(userId: string, id: string): Promise<Occurrence> {
      return setHidden(userId, id, true);
    },

    /** Back on the dashboard after Hide from dashboard or Clear Completed. Idempotent. */
    unhide(userId: string, id: string): Promise<Occurrence> {
      return setHidden(userId, id, false);
    },

    /**
     * Skips one occurrence on purpose: it earns nothing, and its day neither counts
     * for nor breaks the day streak. Only an occurrence not done can be skipped (409 otherwise).
     */
    async skip(userId: string, id: string): Promise<Occurrence> {
      const occurrence = await owned(userId, id);
      if (occurrence.isCompleted) throw conflict('A completed occurrence cannot be skipped');
      if (occurrence.skipped) return toOccurrence(occurrence);
      const updated = await occurrences.setFlags(occurrence, { skipped: true }, true);
      if (!updated) throw conflict('A completed occurrence cannot be skipped');
      return toOccurrence(updated);
    },
  };
}

export type OccurrencesService = ReturnType<typeof occurrencesService>;
