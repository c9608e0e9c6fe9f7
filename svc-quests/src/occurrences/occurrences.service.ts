import {
  NOT_MEASURABLE_MESSAGE,
  measuredCompletion,
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
  ctx: {
    occurrences: OccurrencesRepository;
    zones: UserZones;
    relay: OutboxRelay;
    clock: () => Date;
    owned: (userId: string, id: string) => Promise<OccurrenceDoc>;
  },
  userId: string,
  id: string,
  target: (occurrence: OccurrenceDoc) => CompletionType,
  requestId: string | undefined,
  { progressNotes, day, amount }: MoveOptions,
): Promise<OccurrenceToggleResponse> {
  const { occurrences, owned } = ctx;
  const [occurrence, timeZone] = await Promise.all([
    owned(userId, id),
    ctx.zones.timeZoneOf(userId),
  ]);
  const to = target(occurrence);
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

  const move = (
    userId: string,
    id: string,
    target: (occurrence: OccurrenceDoc) => CompletionType,
    requestId: string | undefined,
    options: MoveOptions = {},
  ) =>
    moveOccurrence(
      { occurrences, zones, relay, clock, owned },
      userId,
      id,
      target,
      requestId,
      options,
    );

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
     * A measurable day's amount: the amount decides the completion (measuredCompletion) and moves XP
     * exactly as a check-off to that state would. 409 for a done-or-not routine.
     */
    async recordAmount(
      userId: string,
      id: string,
      input: AmountRequest,
      requestId: string | undefined,
      day?: string,
    ) {
      const judged = ({ measure }: OccurrenceDoc) => {
        if (!measure) throw conflict(NOT_MEASURABLE_MESSAGE);
        return measuredCompletion(measure, input.amount);
      };
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
