import {
  type CompletionType,
  type DateRangeQuery,
  type Occurrence,
  type OccurrenceToggleResponse,
  type ProgressUpdateRequest,
} from '@levelup/contracts';
import { conflict, notFound, type OutboxRelay } from '@levelup/service-kit';
import { moveCompletion } from '../completions/move-completion.ts';
import type { SeriesRepository } from '../series/repository.ts';
import { localRangeOrThrow } from '../shared/local-range.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { OccurrenceMaterialiser } from './materialiser.ts';
import type { OccurrenceDoc } from './models.ts';
import { toOccurrence } from './occurrence-dto.ts';
import type { OccurrencesRepository } from './repository.ts';

export const occurrenceNotFound = () => notFound('Quest occurrence not found');

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

  /** Moves an occurrence to another completion type, exactly once (moveCompletion). */
  async function move(
    userId: string,
    id: string,
    target: (occurrence: OccurrenceDoc) => CompletionType,
    requestId: string | undefined,
    progressNotes?: string | null,
    day?: string,
  ): Promise<OccurrenceToggleResponse> {
    const [occurrence, timeZone] = await Promise.all([owned(userId, id), zones.timeZoneOf(userId)]);
    return moveCompletion({
      item: occurrence,
      userId,
      timeZone,
      now: clock(),
      to: target(occurrence),
      requestId,
      progressNotes,
      day,
      occurrenceId: occurrence._id.toString(),
      // Series occurrences are never reminded.
      remindable: false,
      // Doing a skipped occurrence after all un-skips it.
      apply: (item, change, event) =>
        occurrences.applyChange(
          item,
          { ...change, ...(change.isCompleted ? { skipped: false } : {}) },
          event,
        ),
      reload: () => owned(userId, id),
      flush: (item) => relay.flush(item),
      toDto: toOccurrence,
    });
  }

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
      return move(userId, id, () => input.completionType, requestId, input.progressNotes, day);
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
