import {
  isSessionFull,
  quickMatchDistance,
  quickMatchSessionRequest,
  roomTimerOf,
  sessionEnd,
  type QuickMatchFocusMinutes,
  type QuickMatchResponse,
  type Session,
} from '@levelup/contracts';
import type { RoomsService } from '../rooms/rooms.service.ts';
import type { SessionDoc } from './models.ts';
import type { SessionsRepository } from './repository.ts';

/**
 * How well a live session suits Start now for `focusMinutes`: the distance of its focus left from the
 * chosen length, or null when it cannot be joined (not about that length, full, or the member was
 * removed from it).
 */
function quickMatchFit(
  doc: SessionDoc,
  userId: string,
  now: Date,
  focusMinutes: number,
): number | null {
  if ((doc.removedIds ?? []).includes(userId) || new Date(doc.startTime) > now) return null;
  if (
    isSessionFull({
      currentParticipants: doc.participantIds.length,
      maxParticipants: doc.maxParticipants,
    })
  )
    return null;
  const timer = roomTimerOf(new Date(doc.startTime), doc.duration);
  return quickMatchDistance(Date.parse(timer.breakAt) - now.getTime(), focusMinutes);
}

/**
 * Start now: the member's live session if they are in one, else the fullest open live session with
 * enough focus left that takes them (each join is the guarded update, so capacity holds), else a new
 * session starting now for the focus length plus the break. Concurrent quick matches that all found
 * nothing land in one new session (one per focus length and minute).
 */
export function quickMatch(deps: {
  sessions: SessionsRepository;
  rooms?: RoomsService;
  clock: () => Date;
  /** The session as the member sees it. */
  present: (doc: SessionDoc, readerId: string) => Promise<Session>;
  /** Refuses (409) when the member already hosts as many upcoming or live sessions as allowed. */
  withinHostQuota: (hostId: string, now: Date) => Promise<void>;
}) {
  const { sessions, rooms, clock, present } = deps;
  return async function quickMatch(
    userId: string,
    focusMinutes: QuickMatchFocusMinutes,
  ): Promise<QuickMatchResponse> {
    const now = clock();
    const live = (await sessions.listLive(now)).filter(
      (doc) => sessionEnd(new Date(doc.startTime), doc.duration) > now,
    );
    const mine = live.find((doc) => doc.participantIds.includes(userId));
    if (mine) return { session: await present(mine, userId), created: false };
    const request = quickMatchSessionRequest(now, focusMinutes);
    // Sessions with about the chosen focus left: the fullest first, then the closest to the length.
    const candidates = live
      .map((doc) => ({ doc, fit: quickMatchFit(doc, userId, now, focusMinutes) }))
      .filter((entry): entry is { doc: SessionDoc; fit: number } => entry.fit !== null)
      .sort((a, b) => b.doc.participantIds.length - a.doc.participantIds.length || a.fit - b.fit)
      .map((entry) => entry.doc);
    for (const candidate of candidates) {
      const joined = await sessions.join(candidate, userId);
      if (joined) {
        await rooms?.memberJoined(joined, userId);
        return { session: await present(joined, userId), created: false };
      }
    }
    const fields = {
      hostId: userId,
      title: request.title,
      description: request.description ?? null,
      startTime: now,
      duration: request.duration,
      maxParticipants: request.maxParticipants,
      category: request.category,
    };
    await deps.withinHostQuota(userId, now);
    const minute = Math.floor(now.getTime() / 60_000);
    const created = await sessions.createQuickMatch(fields, `${focusMinutes}:${minute}`);
    const joined = created.participantIds.includes(userId)
      ? created
      : await sessions.join(created, userId);
    if (!joined) {
      // The minute's session filled up meanwhile: one of the member's own.
      const own = await sessions.create(fields);
      const mineNow = (await sessions.join(own, userId)) ?? own;
      await rooms?.memberJoined(mineNow, userId);
      return { session: await present(mineNow, userId), created: true };
    }
    await rooms?.memberJoined(joined, userId);
    return { session: await present(joined, userId), created: created.hostId === userId };
  };
}
