import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CO_FOCUS_BONUS_XP,
  ROOM_PRESENCE_TIMEOUT_MS,
  STREAMS,
  apiPath,
  makeEvent,
  type EventEnvelope,
  type RoomStreamEvent,
} from '@levelup/contracts';
import { createLogger, type Bus } from '@levelup/service-kit';
import { eventually, identityHeaders, watchedConnection } from '@levelup/service-kit/testing';
import { communityModels } from '../src/models.ts';
import { coFocusHandler } from '../src/rooms/co-focus-events.ts';
import { roomsRepository } from '../src/rooms/repository.ts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';
import { openStream, type OpenStream } from './sse.ts';

// Live body-doubling rooms: state, presence, check-in/out, host removal, report/mute, capacity, Start
// now, Last-Event-ID, and the co-focus bonus.

/** The service's clock runs this far ahead of the real one (presence expiry without waiting 15 s). */
let clockOffsetMs = 0;
let service: CommunityHarness;
let host: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  service = await startCommunity({ clock: () => new Date(Date.now() + clockOffsetMs) });
  host = await service.member('Alex Rivera');
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await service?.stop();
});

const roomPath = (id: string) => apiPath(API.getRoom.path, { id });
const eventsPath = (id: string) => apiPath(API.roomEvents.path, { id });

async function createSession(fields: Record<string, unknown> = {}) {
  const response = await service.as(host)('POST', '/api/sessions', {
    title: 'Morning Focus Sprint',
    description: null,
    startTime: minutesFromNow(-5),
    duration: 60,
    maxParticipants: 6,
    category: 'focus',
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function join(userId: string, id: string) {
  return service.as(userId)('POST', apiPath(API.joinSession.path, { id }));
}

async function connect(userId: string, id: string, lastEventId?: string) {
  const path = eventsPath(id);
  const stream = await openStream(`${service.url}${path}`, {
    ...identityHeaders(userId, { service: 'svc-community', path, method: 'GET' }),
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  });
  streams.push(stream);
  return stream;
}

/** Joins the session and opens its room's stream: the member is present once the snapshot came. */
async function present(userId: string, id: string) {
  await join(userId, id);
  const stream = await connect(userId, id);
  await stream.next(ofType('snapshot'));
  return stream;
}

const ofType =
  <T extends RoomStreamEvent['type']>(type: T, userId?: string) =>
  (event: RoomStreamEvent) =>
    event.type === type && (userId === undefined || ('userId' in event && event.userId === userId));

async function helloOf(stream: OpenStream) {
  const hello = await stream.next(ofType('hello'));
  return hello as Extract<RoomStreamEvent, { type: 'hello' }>;
}

describe('live rooms', () => {
  it('when a member who has not joined asks for the room, its stream or checks in, then each is 403 and nothing changes', async () => {
    const id = await createSession();
    const stranger = await service.member('Sam Stranger');
    expect((await service.as(stranger)('GET', roomPath(id))).status).toBe(403);
    const stream = await connect(stranger, id);
    expect(stream.status).toBe(403);
    const checkIn = await service.as(stranger)('PUT', `${roomPath(id)}/check-in`, {
      line: 'sneaking in',
    });
    expect(checkIn.status).toBe(403);
    const room = await service.as(host)('GET', roomPath(id));
    expect(room.body.members.map((m: { userId: string }) => m.userId)).toEqual([host]);
  });

  it('when a joined member opens the stream, then they get hello, the snapshot with the shared timer and server time, and appear present to the others; closing the tab removes them', async () => {
    const id = await createSession({ duration: 30 });
    const ada = await service.member('Ada Lovelace');
    expect((await join(ada, id)).status).toBe(200);
    const hostStream = await connect(host, id);
    expect(hostStream.status).toBe(200);
    expect(hostStream.contentType).toMatch(/^text\/event-stream/);
    const snapshot = (await hostStream.next(ofType('snapshot'))) as Extract<
      RoomStreamEvent,
      { type: 'snapshot' }
    >;
    expect(snapshot.room.timer).toMatchObject({ focusMinutes: 25, breakMinutes: 5 });
    expect(Math.abs(Date.parse(snapshot.room.serverTime) - Date.now())).toBeLessThan(5_000);
    expect(snapshot.room.members.map((m) => [m.displayName, m.isHost])).toEqual([
      ['Alex Rivera', true],
      ['Ada Lovelace', false],
    ]);

    const adaStream = await connect(ada, id);
    await helloOf(adaStream);
    await hostStream.next(ofType('presence_joined', ada));
    const room = await service.as(host)('GET', roomPath(id));
    expect(room.body.members.find((m: { userId: string }) => m.userId === ada).present).toBe(true);

    const closedAt = Date.now();
    adaStream.close();
    const left = await hostStream.next(ofType('presence_left', ada), 3_000);
    expect(left).toMatchObject({ reason: 'left' });
    expect(Date.now() - closedAt).toBeLessThan(2_000);
    const after = await service.as(host)('GET', roomPath(id));
    expect(after.body.members.find((m: { userId: string }) => m.userId === ada).present).toBe(
      false,
    );
  });

  it('when a member stops pinging (network lost), then the sweep removes them after the presence timeout, while a member who pings stays', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Pinger');
    const bo = await service.member('Bo Silent');
    await join(ada, id);
    await join(bo, id);
    const adaStream = await connect(ada, id);
    const boStream = await connect(bo, id);
    const adaHello = await helloOf(adaStream);
    const boHello = await helloOf(boStream);
    await adaStream.next(ofType('presence_joined', bo));
    // A connection id is good for its own member and room only.
    const otherRoom = await createSession();
    await join(ada, otherRoom);
    const wrongRoom = await service.as(ada)('POST', `${roomPath(otherRoom)}/ping`, {
      connectionId: adaHello.connectionId,
    });
    expect(wrongRoom.status).toBe(404);

    clockOffsetMs += ROOM_PRESENCE_TIMEOUT_MS - 5_000;
    const ping = await service.as(ada)('POST', `${roomPath(id)}/ping`, {
      connectionId: adaHello.connectionId,
    });
    expect(ping.status).toBe(204);
    clockOffsetMs += 6_000;

    const left = await adaStream.next(ofType('presence_left', bo), 5_000);
    expect(left).toMatchObject({ reason: 'timeout' });
    const room = await service.as(ada)('GET', roomPath(id));
    const present = (userId: string) =>
      room.body.members.find((m: { userId: string }) => m.userId === userId).present;
    expect(present(ada)).toBe(true);
    expect(present(bo)).toBe(false);
    // Bo's stream, no longer present, is ended at the next heartbeat so the client reconnects.
    await boStream.ended;
    const late = await service.as(bo)('POST', `${roomPath(id)}/ping`, {
      connectionId: boHello.connectionId,
    });
    expect(late.status).toBe(404);
  });

  it('when a member checks in with a quest and checks out, then every stream hears both and the room shows them', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Checker');
    await join(ada, id);
    const hostStream = await connect(host, id);
    await hostStream.next(ofType('snapshot'));

    const bad = await service.as(ada)('PUT', `${roomPath(id)}/check-in`, { line: '   ' });
    expect(bad.status).toBe(400);
    const checkIn = await service.as(ada)('PUT', `${roomPath(id)}/check-in`, {
      line: 'File the tax return',
      questId: 'quest-1',
      questTitle: 'Taxes',
    });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body).toMatchObject({
      userId: ada,
      isMe: true,
      checkIn: { line: 'File the tax return', questId: 'quest-1', questTitle: 'Taxes' },
      checkOut: null,
    });
    const heard = await hostStream.next(ofType('checked_in', ada));
    expect(heard).toMatchObject({ checkIn: { line: 'File the tax return' } });

    const checkOut = await service.as(ada)('PUT', `${roomPath(id)}/check-out`, {
      outcome: 'partly',
    });
    expect(checkOut.body.checkOut).toMatchObject({ outcome: 'partly', note: null });
    await hostStream.next(ofType('checked_out', ada));
    const bad2 = await service.as(ada)('PUT', `${roomPath(id)}/check-out`, { outcome: 'maybe' });
    expect(bad2.status).toBe(400);

    const room = await service.as(host)('GET', roomPath(id));
    expect(room.body.members.find((m: { userId: string }) => m.userId === ada)).toMatchObject({
      checkIn: { line: 'File the tax return' },
      checkOut: { outcome: 'partly' },
    });
  });

  it('when the host removes a member, then that member hears it, their stream ends, and they cannot rejoin or see the room', async () => {
    const id = await createSession();
    const troll = await service.member('Tom Troll');
    const trollStream = await present(troll, id);

    const notHost = await service.as(troll)('POST', `${roomPath(id)}/members/${host}/remove`);
    expect(notHost.status).toBe(403);
    const removed = await service.as(host)('POST', `${roomPath(id)}/members/${troll}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((m: { userId: string }) => m.userId)).toEqual([host]);

    await trollStream.next(ofType('member_removed', troll));
    expect(await trollStream.next(ofType('ended'))).toEqual({ type: 'ended', reason: 'removed' });
    await trollStream.ended;
    expect((await join(troll, id)).status).toBe(403);
    expect((await service.as(troll)('GET', roomPath(id))).status).toBe(403);
    expect((await connect(troll, id)).status).toBe(403);
  });

  it('when a member mutes another from the room, then that member’s lines are hidden for the muter only; a report is kept once', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Muter');
    const loud = await service.member('Lou Loud');
    await join(ada, id);
    await join(loud, id);
    await service.as(loud)('PUT', `${roomPath(id)}/check-in`, { line: 'SHOUTING' });

    const muted = await service.as(ada)('POST', `${roomPath(id)}/members/${loud}/mute`);
    expect(muted.body).toEqual([{ userId: loud, displayName: 'Lou Loud' }]);
    const seenByAda = (await service.as(ada)('GET', roomPath(id))).body.members.find(
      (m: { userId: string }) => m.userId === loud,
    );
    expect(seenByAda).toMatchObject({ muted: true, checkIn: null });
    const seenByHost = (await service.as(host)('GET', roomPath(id))).body.members.find(
      (m: { userId: string }) => m.userId === loud,
    );
    expect(seenByHost).toMatchObject({ muted: false, checkIn: { line: 'SHOUTING' } });

    const report = await service.as(ada)('POST', `${roomPath(id)}/members/${loud}/report`, {
      reason: 'shouting',
    });
    expect(report.status).toBe(201);
    await service.as(ada)('POST', `${roomPath(id)}/members/${loud}/report`, { reason: 'again' });
    const { RoomReport } = communityModels(service.deps.db);
    const rows = await RoomReport.find({ sessionId: id }).lean();
    expect(rows.map((row) => [row.userId, row.reason, row.line])).toEqual([
      [loud, 'shouting', 'SHOUTING'],
    ]);
  });

  it('when a stream reconnects with Last-Event-ID, then it gets the events it missed in order and no snapshot', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Reconnect');
    await join(ada, id);
    const first = await connect(host, id);
    await first.next(ofType('snapshot'));
    await service.as(ada)('PUT', `${roomPath(id)}/check-in`, { line: 'one' });
    const heard = await first.next(ofType('checked_in', ada));
    const lastId = first.received.filter((r) => r.id !== undefined).at(-1)!.id!;
    expect(Number(lastId)).toBe((heard as { seq: number }).seq);
    first.close();

    await service.as(ada)('PUT', `${roomPath(id)}/check-in`, { line: 'two' });
    await service.as(ada)('PUT', `${roomPath(id)}/check-in`, { line: 'three' });
    const second = await connect(host, id, lastId);
    await second.next((e) => e.type === 'checked_in' && e.checkIn.line === 'three');
    const types = second.received.map((r) => r.event.type);
    expect(types).not.toContain('snapshot');

    // A snapshot carries its room number as the SSE id, so a reconnect after it replays, not re-snapshots.
    const snapshotId = first.received.find((r) => r.event.type === 'snapshot')!.id;
    expect(snapshotId).toBe(
      String((first.received[1]!.event as { room: { seq: number } }).room.seq),
    );
    const sequenced = second.received.filter((r) => r.id !== undefined);
    const seqs = sequenced.map((r) => Number(r.id));
    expect(seqs[0]).toBe(Number(lastId) + 1);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const lines = second.received.flatMap((r) =>
      r.event.type === 'checked_in' ? [r.event.checkIn.line] : [],
    );
    expect(lines).toEqual(['two', 'three']);
  });

  it('when a room event reaches an instance ahead of an earlier one, or a number is never used, then streams still get the events in order', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Ordered');
    const stream = await present(ada, id);
    const rooms = roomsRepository(communityModels(service.deps.db));
    const subject = `${service.deps.bus.namespace}.rooms.${id}`;
    const event = (seq: number, line: string) => ({
      type: 'checked_in' as const,
      seq,
      at: new Date().toISOString(),
      userId: ada,
      checkIn: { line, questId: null, questTitle: null, at: new Date().toISOString() },
    });
    // The first is stored but its publish is lost; the second is published: the first is read back.
    const first = await rooms.nextSeq(id);
    await rooms.saveEvent(id, first, event(first, 'stored only'), new Date());
    const second = await rooms.nextSeq(id);
    await rooms.saveEvent(id, second, event(second, 'published'), new Date());
    service.deps.bus.connection.publish(subject, JSON.stringify(event(second, 'published')));
    // A number taken by a writer that died before storing its event: skipped after a few seconds.
    await rooms.nextSeq(id);
    const fourth = await rooms.nextSeq(id);
    await rooms.saveEvent(id, fourth, event(fourth, 'after the hole'), new Date());
    service.deps.bus.connection.publish(subject, JSON.stringify(event(fourth, 'after the hole')));

    await stream.next((e) => e.type === 'checked_in' && e.checkIn.line === 'after the hole', 8_000);
    const lines = stream.received.flatMap((r) =>
      r.event.type === 'checked_in' ? [[r.event.seq, r.event.checkIn.line]] : [],
    );
    expect(lines).toEqual([
      [first, 'stored only'],
      [second, 'published'],
      [fourth, 'after the hole'],
    ]);
  });

  it('when many join a session at once, then no more than its capacity get in and the rest are told it is full', async () => {
    const id = await createSession({ maxParticipants: 3 });
    const members = await Promise.all(
      Array.from({ length: 10 }, (_, i) => service.member(`Racer ${i}`)),
    );
    const answers = await Promise.all(members.map((userId) => join(userId, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const { Session } = communityModels(service.deps.db);
    const doc = await Session.findById(id).lean();
    expect(doc!.participantIds).toHaveLength(3);
  });

  it('when several press Start now at once, then each lands in a session, none over capacity, and the first ones share one', async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, (_, i) => service.member(`Starter ${i}`)),
    );
    // A focus length no other test's session has, so only this test's sessions are candidates.
    const answers = await Promise.all(
      members.map((userId) =>
        service.as(userId)('POST', API.quickMatch.path, { focusMinutes: 75 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const { Session } = communityModels(service.deps.db);
    const sessionIds = [...new Set(answers.map((a) => a.body.session.id as string))];
    for (const sessionId of sessionIds) {
      const doc = await Session.findById(sessionId).lean();
      expect(doc!.participantIds.length).toBeLessThanOrEqual(doc!.maxParticipants);
    }
    const joined = answers.filter((a) => a.body.session.joinedByMe);
    expect(joined).toHaveLength(8);
    const counts = sessionIds.map((sid) => answers.filter((a) => a.body.session.id === sid).length);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(2);

    // A member already in a live session is sent back to it.
    const again = await service.as(members[0]!)('POST', API.quickMatch.path, {});
    expect(again.body).toMatchObject({
      created: false,
      session: { id: answers[0]!.body.session.id },
    });
    expect(
      (await service.as(members[0]!)('POST', API.quickMatch.path, { focusMinutes: 30 })).status,
    ).toBe(400);
  });

  it('when the sessions list is read, then each live session carries who is in the room and the time left', async () => {
    const id = await createSession({ startTime: minutesFromNow(-10), duration: 40 });
    const ada = await service.member('Ada Lister');
    await present(ada, id);
    const list = await service.as(host)('GET', '/api/sessions');
    const item = list.body.find((s: { id: string }) => s.id === id);
    expect(item.room.present).toEqual([{ userId: ada, displayName: 'Ada Lister', initials: 'AL' }]);
    expect(item.room.secondsLeft).toBeGreaterThan(29 * 60 - 60);
    expect(item.room.secondsLeft).toBeLessThanOrEqual(30 * 60);
  });
});

describe('co-focus bonus', () => {
  function questEvent(
    userId: string,
    questId: string,
    type: 'quests.completed' | 'quests.revoked',
  ) {
    return makeEvent(type, {
      userId,
      questId,
      occurrenceId: null,
      seriesId: null,
      xpDelta: type === 'quests.completed' ? 50 : -50,
      difficulty: 'medium',
      category: null,
      growthPath: null,
      localDate: '2026-11-25',
      title: 'File the tax return',
      completionType: type === 'quests.completed' ? 'completed' : 'not_completed',
    });
  }

  const coFocusHandlers = (bus: Bus = service.deps.bus) =>
    coFocusHandler({
      rooms: roomsRepository(communityModels(service.deps.db)),
      bus,
      logger: createLogger('co-focus-test'),
    });
  const coFocus = (bus?: Bus) => coFocusHandlers(bus).onQuestEvent;

  async function bonusEvents(userId: string) {
    const found = [];
    for await (const entry of service.deps.bus.readHistory(STREAMS.COMMUNITY.name, 'community.>')) {
      const data = entry.event.data as { userId?: string };
      if (data.userId === userId) found.push(entry.event);
    }
    return found;
  }

  it('when a member who was in the room completes a quest, then one bonus event is published, also when the completion is delivered again; undoing it takes the bonus back', async () => {
    const id = await createSession();
    const ada = await service.member('Ada Focus');
    await present(ada, id);

    const completed = questEvent(ada, 'quest-1', 'quests.completed');
    await service.deps.bus.publish(completed);
    const awarded = await eventually(
      () => bonusEvents(ada),
      (events) => events.length === 1,
    );
    expect(awarded[0]).toMatchObject({
      type: 'community.co_focus.awarded',
      data: {
        userId: ada,
        sessionId: id,
        xpDelta: CO_FOCUS_BONUS_XP,
        completionEventId: completed.id,
      },
    });

    // The same completion again, as after a crash once JetStream's duplicate window has passed: the
    // consumer's handler gets it a second time.
    await coFocus()(completed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await bonusEvents(ada)).toHaveLength(1);
    const { CoFocusAward } = communityModels(service.deps.db);
    expect(await CoFocusAward.countDocuments({ userId: ada })).toBe(1);

    await service.deps.bus.publish(questEvent(ada, 'quest-1', 'quests.revoked'));
    const both = await eventually(
      () => bonusEvents(ada),
      (events) => events.length === 2,
    );
    expect(both[1]).toMatchObject({
      type: 'community.co_focus.revoked',
      data: { xpDelta: -CO_FOCUS_BONUS_XP, completionEventId: completed.id },
    });
  });

  /** Waits until the member is no longer present in the room (every connection gone). */
  async function goneFromRoom(userId: string, id: string) {
    const { Presence } = communityModels(service.deps.db);
    await eventually(
      () => Presence.countDocuments({ sessionId: id, userId }),
      (count) => count === 0,
    );
    // Past the end: a completion made now is made after they left.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Waits until every stretch of the member's presence in the room has ended. */
  async function attendanceEnded(userId: string, id: string) {
    const rooms = roomsRepository(communityModels(service.deps.db));
    const member = await eventually(
      () => rooms.member(id, userId),
      (doc) => (doc?.attendance ?? []).length > 0 && doc!.attendance!.every((span) => span.to),
    );
    // Past the end: a completion made now is made after they left.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return member!.attendance!;
  }

  it('when a member was in the room and then left the page, then a completion made after earns no bonus, while one made while present still does when handled after they left', async () => {
    const id = await createSession();
    const gus = await service.member('Gus Leaves');
    const stream = await present(gus, id);
    const whilePresent = questEvent(gus, randomUUID(), 'quests.completed');
    stream.close();
    await goneFromRoom(gus, id);
    const afterLeaving = questEvent(gus, randomUUID(), 'quests.completed');

    await coFocus()(afterLeaving);
    await coFocus()(whilePresent);
    const { CoFocusAward } = communityModels(service.deps.db);
    expect((await CoFocusAward.find({ userId: gus }).lean()).map((award) => award._id)).toEqual([
      whilePresent.id,
    ]);

    // Back in the room: present again, so a completion earns the bonus again.
    await connect(gus, id).then((again) => again.next(ofType('snapshot')));
    const back = questEvent(gus, randomUUID(), 'quests.completed');
    await coFocus()(back);
    expect(await CoFocusAward.countDocuments({ userId: gus })).toBe(2);
  });

  it('when a member leaves the session with the room open, then their presence ends there and a later completion earns no bonus', async () => {
    const id = await createSession();
    const hal = await service.member('Hal Quits');
    await present(hal, id);
    const left = await service.as(hal)('POST', apiPath(API.leaveSession.path, { id }));
    expect(left.status).toBe(200);
    await goneFromRoom(hal, id);
    await coFocus()(questEvent(hal, randomUUID(), 'quests.completed'));
    const { CoFocusAward } = communityModels(service.deps.db);
    expect(await CoFocusAward.countDocuments({ userId: hal })).toBe(0);
  });

  it('when a completion’s co-focus bonus is asked for, then its member gets the bonus it earned (also after the undo took it back), anyone else and other completions 0', async () => {
    const id = await createSession();
    const jo = await service.member('Jo Asks');
    const other = await service.member('Kit Peeks');
    await present(jo, id);
    const completed = questEvent(jo, 'quest-ask', 'quests.completed');
    await coFocus()(completed);
    const bonusPath = (eventId: string) => apiPath(API.coFocusBonus.path, { eventId });
    const asked = await service.as(jo)('GET', bonusPath(completed.id));
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ completionEventId: completed.id, xp: CO_FOCUS_BONUS_XP });
    await coFocus()(questEvent(jo, 'quest-ask', 'quests.revoked'));
    expect((await service.as(jo)('GET', bonusPath(completed.id))).body.xp).toBe(CO_FOCUS_BONUS_XP);
    expect((await service.as(other)('GET', bonusPath(completed.id))).body.xp).toBe(0);
    expect((await service.as(jo)('GET', bonusPath(randomUUID()))).body.xp).toBe(0);
  });

  it('when a member’s connection is swept (network lost), then their presence ends at their last ping plus the presence timeout', async () => {
    const id = await createSession();
    const ivy = await service.member('Ivy Offline');
    const stream = await present(ivy, id);
    const hello = (await stream.next(ofType('hello'))) as Extract<
      RoomStreamEvent,
      { type: 'hello' }
    >;
    const { Presence } = communityModels(service.deps.db);
    const lastSeen = (await Presence.findById(hello.connectionId).lean())!.lastSeen;
    clockOffsetMs += ROOM_PRESENCE_TIMEOUT_MS + 1_000;
    const [span] = await attendanceEnded(ivy, id);
    expect(span!.to!.getTime()).toBe(new Date(lastSeen).getTime() + ROOM_PRESENCE_TIMEOUT_MS);
  });

  it('when a member who never entered the room completes a quest, then there is no bonus', async () => {
    const id = await createSession();
    const bo = await service.member('Bo Absent');
    await join(bo, id);
    await coFocus()(questEvent(bo, randomUUID(), 'quests.completed'));
    const { CoFocusAward } = communityModels(service.deps.db);
    expect(await CoFocusAward.countDocuments({ userId: bo })).toBe(0);
    expect(await bonusEvents(bo)).toEqual([]);
  });

  it('when someone in no room completes a quest or takes one back, then the handler reads the database once for each and writes nothing', async () => {
    // Only this test's handler uses the watched connection.
    const watched = await watchedConnection(service.infra.mongoUrl, service.deps.db.name);
    try {
      const handle = coFocusHandler({
        rooms: roomsRepository(communityModels(watched.connection)),
        bus: service.deps.bus,
        logger: createLogger('co-focus-test'),
      });
      const cy = await service.member('Cy Elsewhere');
      await handle.onQuestEvent(questEvent(cy, randomUUID(), 'quests.completed'));
      expect(watched.commands).toEqual([{ name: 'find', collection: 'room_members' }]);
      // Its revoke finds no award to take back in one read.
      watched.commands.length = 0;
      await handle.onQuestEvent(questEvent(cy, randomUUID(), 'quests.revoked'));
      expect(watched.commands).toEqual([{ name: 'find', collection: 'co_focus_awards' }]);
      expect(await bonusEvents(cy)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("when a batch holds several members' completions, then their attendance is one read, and only the one in the room gets the bonus, once", async () => {
    const id = await createSession();
    const [gil, hana, ivo] = [
      await service.member('Gil Present'),
      await service.member('Hana Away'),
      await service.member('Ivo Away'),
    ];
    await present(gil, id);
    const watched = await watchedConnection(service.infra.mongoUrl, service.deps.db.name);
    try {
      const { onQuestEvents } = coFocusHandler({
        rooms: roomsRepository(communityModels(watched.connection)),
        bus: service.deps.bus,
        logger: createLogger('co-focus-test'),
      });
      const events = [
        questEvent(hana, randomUUID(), 'quests.completed'),
        questEvent(gil, 'quest-batch', 'quests.completed'),
        questEvent(ivo, randomUUID(), 'quests.completed'),
      ];
      const entry = (event: EventEnvelope, i: number) => ({
        event,
        meta: { subject: event.type, deliveryCount: 1, streamSequence: i + 1 },
      });
      await onQuestEvents(events.map(entry));
      const reads = watched.commands.filter((c) => c.collection === 'room_members');
      expect(reads).toEqual([{ name: 'find', collection: 'room_members' }]);
      expect(await bonusEvents(gil)).toHaveLength(1);
      expect(await bonusEvents(hana)).toEqual([]);
      expect(await bonusEvents(ivo)).toEqual([]);
      // The completion and the revoke that undoes it in one batch: awarded, then taken back.
      await onQuestEvents(
        [
          questEvent(gil, 'quest-batch-2', 'quests.completed'),
          questEvent(gil, 'quest-batch-2', 'quests.revoked'),
        ].map(entry),
      );
      const gils = await eventually(
        () => bonusEvents(gil),
        (found) => found.length === 3,
      );
      expect(gils.map((e) => e.type)).toEqual([
        'community.co_focus.awarded',
        'community.co_focus.awarded',
        'community.co_focus.revoked',
      ]);

      // Revokes of completions that earned nothing: one read for the whole batch, no write.
      watched.commands.length = 0;
      await onQuestEvents(
        [
          questEvent(hana, randomUUID(), 'quests.revoked'),
          questEvent(ivo, randomUUID(), 'quests.revoked'),
          questEvent(hana, randomUUID(), 'quests.revoked'),
        ].map(entry),
      );
      expect(watched.commands).toEqual([{ name: 'find', collection: 'co_focus_awards' }]);

      // The first award taken back, and the same revoke again in a later batch (published again past
      // the de-duplication): the award it took is published once more, nothing else is taken.
      const { CoFocusAward } = communityModels(service.deps.db);
      await CoFocusAward.create({
        _id: randomUUID(),
        userId: gil,
        questId: 'quest-batch',
        sessionId: id,
        title: 'An older award of the same quest',
        localDate: '2026-11-24',
        awardedAt: new Date('2026-11-24T08:00:00Z'),
        revokedByEventId: null,
      });
      const revoke = questEvent(gil, 'quest-batch', 'quests.revoked');
      await onQuestEvents([revoke, questEvent(hana, randomUUID(), 'quests.revoked')].map(entry));
      await onQuestEvents([revoke, questEvent(ivo, randomUUID(), 'quests.revoked')].map(entry));
      const taken = await CoFocusAward.find({ userId: gil, questId: 'quest-batch' }).lean();
      expect(taken).toHaveLength(2);
      expect(taken.filter((award) => award.revokedByEventId === null)).toHaveLength(1);
      expect(taken.filter((award) => award.revokedByEventId === revoke.id)).toMatchObject([
        { title: 'File the tax return' },
      ]);
      const all = await eventually(
        () => bonusEvents(gil),
        (found) => found.length === 4,
      );
      expect(all.map((e) => e.type).slice(3)).toEqual(['community.co_focus.revoked']);
    } finally {
      await watched.close();
    }
  });

  it('when a member is removed after completing a quest but before the completion is handled, then the bonus comes once, also after a crash before publishing; one removed before completing gets none', async () => {
    const id = await createSession();
    const [dee, eli] = [await service.member('Dee Stays'), await service.member('Eli Early')];
    await join(dee, id);
    await join(eli, id);
    const deeStream = await connect(dee, id);
    await deeStream.next(ofType('snapshot'));
    const eliStream = await connect(eli, id);
    await eliStream.next(ofType('snapshot'));

    // Eli is removed, then completes: no bonus.
    expect((await service.as(host)('POST', `${roomPath(id)}/members/${eli}/remove`)).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await coFocus()(questEvent(eli, randomUUID(), 'quests.completed'));

    // Dee completes twice while in the room. The first delivery of the second one records the award
    // and crashes before publishing it.
    const first = questEvent(dee, randomUUID(), 'quests.completed');
    const second = questEvent(dee, randomUUID(), 'quests.completed');
    const crashing = {
      publish: () => Promise.reject(new Error('crashed before publishing')),
    } as unknown as Bus;
    await expect(coFocus(crashing)(second)).rejects.toThrow('crashed before publishing');
    const { CoFocusAward } = communityModels(service.deps.db);
    expect(await CoFocusAward.countDocuments({ userId: dee })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Then the host removes Dee, and only now are the completions handled (and redelivered).
    expect((await service.as(host)('POST', `${roomPath(id)}/members/${dee}/remove`)).status).toBe(
      200,
    );
    // A second removal (two racing requests) keeps the first one's time.
    const rooms = roomsRepository(communityModels(service.deps.db));
    const removedAt = (await rooms.member(id, dee))?.removedAt;
    expect(removedAt).toBeInstanceOf(Date);
    await rooms.markRemoved(id, dee, new Date(Date.now() + 60_000));
    expect((await rooms.member(id, dee))?.removedAt).toEqual(removedAt);
    await coFocus()(first);
    await coFocus()(second);
    await coFocus()(first);
    await coFocus()(second);

    const awarded = await bonusEvents(dee);
    expect(awarded.map((e) => [e.type, e.data.sessionId, e.data.completionEventId]).sort()).toEqual(
      [
        ['community.co_focus.awarded', id, first.id],
        ['community.co_focus.awarded', id, second.id],
      ].sort(),
    );
    expect(await CoFocusAward.countDocuments({ userId: dee })).toBe(2);
    expect(await CoFocusAward.countDocuments({ userId: eli })).toBe(0);
    expect(await bonusEvents(eli)).toEqual([]);
  });

  it('when a removal is stamped before a recorded completion (clocks apart), then the redelivery still publishes the recorded award, and a first delivery finds none', async () => {
    const id = await createSession();
    const fay = await service.member('Fay Drift');
    await present(fay, id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const completion = questEvent(fay, randomUUID(), 'quests.completed');
    const crashing = {
      publish: () => Promise.reject(new Error('crashed before publishing')),
    } as unknown as Bus;
    await expect(coFocus(crashing)(completion)).rejects.toThrow('crashed before publishing');
    // svc-community's clock is behind svc-quests': the removal that came after the completion is
    // stamped before it.
    const { CoFocusAward, RoomMember } = communityModels(service.deps.db);
    await RoomMember.updateOne(
      { userId: fay },
      { $set: { removedAt: new Date(Date.parse(completion.occurredAt) - 1) } },
    );
    const redelivered = { subject: 'quests.completed', deliveryCount: 2, streamSequence: 1 };
    await coFocus()(completion, redelivered);
    const later = questEvent(fay, randomUUID(), 'quests.completed');
    await coFocus()(later, { ...redelivered, deliveryCount: 1 });
    expect((await bonusEvents(fay)).map((e) => e.data.completionEventId)).toEqual([completion.id]);
    expect(await CoFocusAward.countDocuments({ userId: fay })).toBe(1);
  });
});
