import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiPath, quickMatchDistance } from '@levelup/contracts';
import { minutesFromNow, startCommunity, type CommunityHarness } from './harness.ts';

// Start now (quick match) joins a live session of about the chosen focus length, or starts one.

let service: CommunityHarness;
beforeAll(async () => {
  service = await startCommunity();
});
afterAll(async () => {
  await service?.stop();
});

/** A live session started `minutesAgo` minutes ago, with its host and `others` who joined. */
async function liveSession(minutesAgo: number, duration: number, others: number) {
  const host = await service.member(`Host ${minutesAgo}`);
  const created = await service.as(host)('POST', API.createSession.path, {
    title: `${duration}-minute block`,
    description: null,
    startTime: minutesFromNow(-minutesAgo),
    duration,
    maxParticipants: 6,
    category: 'focus',
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (let i = 0; i < others; i += 1) {
    const member = await service.member(`Member ${minutesAgo}.${i}`);
    expect((await service.as(member)('POST', apiPath(API.joinSession.path, { id }))).status).toBe(
      200,
    );
  }
  return id;
}

const startNow = async (name: string, focusMinutes: number) =>
  (await service.as(await service.member(name))('POST', API.quickMatch.path, { focusMinutes }))
    .body as { created: boolean; session: { id: string; duration: number; joinedByMe: boolean } };

describe('Start now', () => {
  it('when a 55-minute block just began and 25 minutes are chosen, then Start now starts a 25-minute session instead; 50 chosen joins the block; a block with about 25 minutes of focus left is joined for 25', async () => {
    // 50 minutes of focus, one gone: the fullest live session, and the wrong length for 25.
    const block = await liveSession(1, 55, 2);
    const short = await startNow('Ada Short', 25);
    expect(short.created).toBe(true);
    expect(short.session.id).not.toBe(block);
    expect(short.session.duration).toBe(30);
    expect(short.session.joinedByMe).toBe(true);

    const long = await startNow('Bo Long', 50);
    expect(long).toMatchObject({ created: false, session: { id: block, joinedByMe: true } });

    // Another 55-minute block, 28 minutes in: 22 minutes of focus left, about 25, and fuller than
    // Ada's session, so it is the one joined.
    const halfway = await liveSession(28, 55, 2);
    const cy = await startNow('Cy Halfway', 25);
    expect(cy).toMatchObject({ created: false, session: { id: halfway } });
  });

  it('when the distance is measured, then only focus left within ten minutes of the choice (and at least ten minutes) fits', () => {
    const minutes = (n: number) => n * 60_000;
    expect(quickMatchDistance(minutes(49), 25)).toBeNull();
    expect(quickMatchDistance(minutes(35), 25)).toBe(10);
    expect(quickMatchDistance(minutes(22), 25)).toBe(3);
    expect(quickMatchDistance(minutes(9), 15)).toBeNull();
    expect(quickMatchDistance(minutes(49), 50)).toBe(1);
  });
});
