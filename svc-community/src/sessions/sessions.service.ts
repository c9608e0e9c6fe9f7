import {
  STORAGE_QUOTAS,
  initials,
  sessionEnd,
  sessionPhase,
  type CreateSessionRequest,
  type RoomSummary,
  type Session,
} from '@levelup/contracts';
import {
  AppError,
  conflict,
  notFound,
  forbidden,
  withinQuota,
  type OutboxRelay,
} from '@levelup/service-kit';
import type { MembersRepository } from '../members/repository.ts';
import type { RoomsService } from '../rooms/rooms.service.ts';
import type { SessionDoc } from './models.ts';
import { quickMatch } from './quick-match.ts';
import type { SessionsRepository } from './repository.ts';
import { sessionReminderCancelled, sessionReminderScheduled } from './session-reminder.ts';

const sessionNotFound = () => notFound('Session not found');
/** How far ahead the Upcoming list looks. */
const UPCOMING_DAYS = 60;

export function toSession(
  doc: SessionDoc,
  host: string,
  readerId: string,
  now: Date,
  room?: RoomSummary | null,
): Session {
  const session: Session = {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description ?? null,
    host,
    hostInitials: initials(host),
    startTime: new Date(doc.startTime).toISOString(),
    duration: doc.duration,
    maxParticipants: doc.maxParticipants,
    currentParticipants: doc.participantIds.length,
    category: doc.category,
    isActive: sessionPhase(new Date(doc.startTime), doc.duration, now) === 'live',
    isHost: doc.hostId === readerId,
    joinedByMe: doc.participantIds.includes(readerId),
    remindedByMe: doc.reminderIds.includes(readerId),
  };
  if (room !== undefined) session.room = session.isActive ? room : null;
  return session;
}

/** Body-doubling sessions, kept on the server. */
export function sessionsService(deps: {
  sessions: SessionsRepository;
  members: MembersRepository;
  /** The live rooms: told of joins, leaves and cancels, and asked who is in each room. */
  rooms?: RoomsService;
  /** Publishes the reminder events the sessions' outbox holds. */
  relay?: OutboxRelay;
  clock?: () => Date;
}) {
  const { sessions, members, rooms } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Refuses (409) when the member already hosts as many upcoming or live sessions as allowed. */
  function withinHostQuota(hostId: string, now: Date): Promise<void> {
    return withinQuota(STORAGE_QUOTAS.hostedSessions, sessions.countHostedUpcoming(hostId, now));
  }

  async function present(doc: SessionDoc, readerId: string): Promise<Session> {
    const names = await members.namesOf([doc.hostId]);
    return toSession(doc, names.get(doc.hostId) ?? '', readerId, clock());
  }

  /** A session one can still act on: known, not cancelled, not over. */
  async function open(id: string): Promise<SessionDoc> {
    const session = await sessions.find(id);
    if (!session) throw sessionNotFound();
    if (session.cancelledAt) throw conflict('This session was cancelled');
    if (sessionPhase(new Date(session.startTime), session.duration, clock()) === 'over') {
      throw conflict('This session has ended');
    }
    return session;
  }

  return {
    /** Live and upcoming sessions (not cancelled, not over), soonest first; isActive says which. */
    async list(readerId: string): Promise<Session[]> {
      const now = clock();
      const docs = (
        await sessions.listStartingBefore(new Date(now.getTime() + UPCOMING_DAYS * 86_400_000))
      ).filter((doc) => sessionEnd(new Date(doc.startTime), doc.duration) > now);
      const names = await members.namesOf(docs.map((doc) => doc.hostId));
      const live = docs.filter((doc) => new Date(doc.startTime) <= now);
      const summaries = rooms ? await rooms.summaries(live, now) : new Map<string, RoomSummary>();
      return docs.map((doc) =>
        toSession(
          doc,
          names.get(doc.hostId) ?? '',
          readerId,
          now,
          rooms ? (summaries.get(doc._id.toString()) ?? null) : undefined,
        ),
      );
    },

    async create(hostId: string, input: CreateSessionRequest): Promise<Session> {
      const startTime = new Date(input.startTime);
      if (sessionEnd(startTime, input.duration) <= clock()) {
        throw new AppError('VALIDATION_FAILED', 'This session would already be over', 400, {
          details: [{ path: 'startTime', message: 'This session would already be over' }],
        });
      }
      await withinHostQuota(hostId, clock());
      const doc = await sessions.create({
        hostId,
        title: input.title,
        description: input.description?.trim() || null,
        startTime,
        duration: input.duration,
        maxParticipants: input.maxParticipants,
        category: input.category,
      });
      return present(doc, hostId);
    },

    /** Joins once; a full session is 409 (the guard is in the one update, so concurrent joins cannot overfill). */
    async join(userId: string, id: string): Promise<Session> {
      const session = await open(id);
      if (session.participantIds.includes(userId)) return present(session, userId);
      if ((session.removedIds ?? []).includes(userId)) {
        throw forbidden('You were removed from this session');
      }
      const joined = await sessions.join(session, userId);
      if (joined) {
        await rooms?.memberJoined(joined, userId);
        return present(joined, userId);
      }
      const now = await sessions.find(id);
      if (!now) throw sessionNotFound();
      if (now.participantIds.includes(userId)) return present(now, userId);
      if (now.cancelledAt) throw conflict('This session was cancelled');
      if ((now.removedIds ?? []).includes(userId)) {
        throw forbidden('You were removed from this session');
      }
      throw conflict('This session is full');
    },

    async leave(userId: string, id: string): Promise<Session> {
      const session = await sessions.find(id);
      if (!session) throw sessionNotFound();
      const wasIn = session.participantIds.includes(userId);
      const left = await sessions.leave(session._id, userId);
      if (!left) throw sessionNotFound();
      if (wasIn) await rooms?.memberLeft(left, userId);
      return present(left, userId);
    },

    /**
     * 'Remind Me' and taking it back: the member's reminder (svc-identity delivers it before the start)
     * is scheduled or cancelled by an event written with the change.
     */
    async remind(userId: string, id: string, on: boolean): Promise<Session> {
      const session = on ? await open(id) : await sessions.find(id);
      if (!session) throw sessionNotFound();
      const now = clock();
      const event = on
        ? sessionReminderScheduled(session, userId, now)
        : sessionReminderCancelled(session, userId, now);
      const updated = await sessions.setReminder(session._id, userId, on, event);
      if (!updated) throw sessionNotFound();
      await deps.relay?.flush(updated);
      return present(updated, userId);
    },

    /** Only the host cancels; a cancelled session leaves the lists. */
    async cancel(userId: string, id: string): Promise<Session> {
      const session = await sessions.find(id);
      if (!session) throw sessionNotFound();
      if (session.hostId !== userId) throw forbidden('Only the host can cancel this session');
      if (session.cancelledAt) return present(session, userId);
      const now = clock();
      const cancelled = await sessions.cancel(
        session._id,
        now,
        session.reminderIds.map((member) => sessionReminderCancelled(session, member, now)),
      );
      if (cancelled) {
        await deps.relay?.flush(cancelled);
        await rooms?.cancelled(cancelled);
      }
      return present(cancelled ?? session, userId);
    },

    /** Start now: joins or opens a live session for the chosen focus length. */
    quickMatch: quickMatch({ sessions, rooms, clock, present, withinHostQuota }),
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
