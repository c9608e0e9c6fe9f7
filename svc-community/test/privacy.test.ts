import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DEFAULT_SHARE_COMPLETIONS,
  HIDDEN_QUEST_TITLE,
  apiPath,
  makeEvent,
  type CommunityFeedItem,
  type RoomMember,
  type RoomStreamEvent,
  type ShareCompletions,
} from '@levelup/contracts';
import { eventually, identityHeaders } from '@levelup/service-kit/testing';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';
import { openStream, type OpenStream } from './sse.ts';

// Privacy of one's activity: "Share my completions with the community" (on, titles hidden, off),
// honoured by the achievements feed, the rooms (state and stream) and the export.

let service: CommunityHarness;
const streams: OpenStream[] = [];
beforeAll(async () => {
  service = await startCommunity();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await service?.stop();
});

const privacyPath = API.getCommunityPrivacy.path;
const setShare = (userId: string, shareCompletions: unknown) =>
  service.as(userId)('PUT', privacyPath, { shareCompletions });

function completion(userId: string, title: string) {
  return makeEvent('quests.completed', {
    userId,
    questId: randomUUID(),
    occurrenceId: null,
    seriesId: null,
    xpDelta: 50,
    difficulty: 'medium',
    category: null,
    growthPath: null,
    localDate: '2026-11-27',
    title,
    completionType: 'completed',
  });
}

async function feedOf(reader: string): Promise<CommunityFeedItem[]> {
  return (await service.as(reader)('GET', '/api/community/feed?limit=50')).body;
}

describe('share my completions with the community', () => {
  it('when a member has not chosen, then the default keeps titles hidden; a choice is kept and a bad one is a 400 that changes nothing', async () => {
    const ada = await service.member('Ada Private');
    expect(DEFAULT_SHARE_COMPLETIONS).toBe('titles_hidden');
    expect((await service.as(ada)('GET', privacyPath)).body).toEqual({
      shareCompletions: 'titles_hidden',
    });
    expect((await setShare(ada, 'off')).body).toEqual({ shareCompletions: 'off' });
    const bad = await setShare(ada, 'everyone');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(
      'shareCompletions must be one of on, titles_hidden, off',
    );
    expect((await service.as(ada)('GET', privacyPath)).body).toEqual({ shareCompletions: 'off' });
  });

  it('when members share on, titles hidden and off, then the feed shows the first with its title, the second without it and not the third, for every reader; a change applies to what is already there', async () => {
    const tag = randomUUID().slice(0, 8);
    const [on, hidden, off, reader] = [
      await service.member(`On ${tag}`),
      await service.member(`Hidden ${tag}`),
      await service.member(`Off ${tag}`),
      await service.member(`Reader ${tag}`),
    ];
    expect((await setShare(on, 'on')).status).toBe(200);
    expect((await setShare(off, 'off')).status).toBe(200);
    for (const [userId, title] of [
      [on, `Run 5k ${tag}`],
      [hidden, `Call the dentist ${tag}`],
      [off, `Pay the rent ${tag}`],
    ] as const)
      await service.deps.bus.publish(completion(userId, title));

    const mine = (feed: CommunityFeedItem[]) =>
      feed
        .filter((item) => item.user.displayName?.endsWith(tag))
        .map((item) => [item.user.displayName, item.questTitle, item.titleHidden ?? false]);
    const expected = [
      [`On ${tag}`, `Run 5k ${tag}`, false],
      [`Hidden ${tag}`, HIDDEN_QUEST_TITLE, true],
    ];
    const seen = await eventually(
      async () => mine(await feedOf(reader)),
      (rows) => rows.length === 2,
    );
    expect(seen.sort()).toEqual(expected.sort());
    // The same for the members themselves: the feed is what the community sees.
    expect(mine(await feedOf(hidden)).sort()).toEqual(expected.sort());
    expect(JSON.stringify(await feedOf(reader))).not.toContain('dentist');
    expect(JSON.stringify(await feedOf(reader))).not.toContain('Pay the rent');

    await setShare(off, 'on');
    await setShare(on, 'off');
    expect(mine(await feedOf(reader)).sort()).toEqual(
      [
        [`Hidden ${tag}`, HIDDEN_QUEST_TITLE, true],
        [`Off ${tag}`, `Pay the rent ${tag}`, false],
      ].sort(),
    );
  });

  it('when members of a room share on, titles hidden and off, then others see the linked quest, that one is linked, or nothing of it and how it went, in the room and on its stream; each sees their own in full', async () => {
    const host = await service.member('Host Rooms');
    const members: Record<ShareCompletions, string> = {
      on: await service.member('Room On'),
      titles_hidden: await service.member('Room Hidden'),
      off: await service.member('Room Off'),
    };
    const created = await service.as(host)('POST', '/api/sessions', {
      title: 'Privacy sprint',
      description: null,
      startTime: minutesFromNow(-5),
      duration: 60,
      maxParticipants: 6,
      category: 'focus',
    });
    const id = created.body.id as string;
    const eventsPath = apiPath(API.roomEvents.path, { id });
    const hostStream = await openStream(
      `${service.url}${eventsPath}`,
      identityHeaders(host, { service: 'svc-community', path: eventsPath }),
    );
    streams.push(hostStream);
    await hostStream.next((event) => event.type === 'snapshot');
    const roomPath = apiPath(API.getRoom.path, { id });
    for (const [share, userId] of Object.entries(members)) {
      if (share !== 'titles_hidden') await setShare(userId, share);
      await service.as(userId)('POST', apiPath(API.joinSession.path, { id }));
      const checkIn = await service.as(userId)('PUT', `${roomPath}/check-in`, {
        line: `Working, ${share}`,
        questId: `quest-${share}`,
        questTitle: `Secret ${share}`,
      });
      expect(checkIn.body.checkIn.questTitle).toBe(`Secret ${share}`);
      await service.as(userId)('PUT', `${roomPath}/check-out`, { outcome: 'done' });
    }

    const room = (await service.as(host)('GET', roomPath)).body as { members: RoomMember[] };
    const line = (userId: string) => room.members.find((member) => member.userId === userId)!;
    expect(line(members.on).checkIn).toMatchObject({
      line: 'Working, on',
      questTitle: 'Secret on',
    });
    expect(line(members.on).checkOut).toMatchObject({ outcome: 'done' });
    expect(line(members.titles_hidden).checkIn).toMatchObject({
      line: 'Working, titles_hidden',
      questId: null,
      questTitle: null,
      questHidden: true,
    });
    expect(line(members.titles_hidden).checkOut).toMatchObject({ outcome: 'done' });
    expect(line(members.off).checkIn).toMatchObject({ line: 'Working, off', questTitle: null });
    expect(line(members.off).checkIn).not.toHaveProperty('questHidden');
    expect(line(members.off).checkOut).toBeNull();
    const own = (await service.as(members.off)('GET', roomPath)).body as { members: RoomMember[] };
    const offOwn = own.members.find((member) => member.isMe)!;
    expect(offOwn.checkIn?.questTitle).toBe('Secret off');
    expect(offOwn.checkOut).toMatchObject({ outcome: 'done' });

    // The stream says the same, and never the choice itself.
    const heard = async (type: 'checked_in' | 'checked_out', userId: string) =>
      (await hostStream.next((event) => event.type === type && event.userId === userId)) as Extract<
        RoomStreamEvent,
        { type: 'checked_in' | 'checked_out' }
      >;
    const onIn = (await heard('checked_in', members.on)) as Extract<
      RoomStreamEvent,
      { type: 'checked_in' }
    >;
    expect(onIn.checkIn.questTitle).toBe('Secret on');
    expect(onIn).not.toHaveProperty('share');
    const hiddenIn = (await heard('checked_in', members.titles_hidden)) as Extract<
      RoomStreamEvent,
      { type: 'checked_in' }
    >;
    expect(hiddenIn.checkIn).toMatchObject({ questTitle: null, questHidden: true });
    const offOut = (await heard('checked_out', members.off)) as Extract<
      RoomStreamEvent,
      { type: 'checked_out' }
    >;
    expect(offOut.checkOut).toBeNull();
    expect(JSON.stringify(hostStream.received)).not.toMatch(/Secret (titles_hidden|off)/);
  });

  it('when a member exports their community data, then it holds their sharing choice', async () => {
    const bo = await service.member('Bo Export');
    let exported = (await service.as(bo)('GET', '/api/community/export')).body;
    expect(exported.privacy).toEqual([
      expect.objectContaining({ shareCompletions: 'titles_hidden' }),
    ]);
    await setShare(bo, 'off');
    exported = (await service.as(bo)('GET', '/api/community/export')).body;
    expect(exported.privacy).toEqual([{ id: bo, shareCompletions: 'off' }]);
  });
});
