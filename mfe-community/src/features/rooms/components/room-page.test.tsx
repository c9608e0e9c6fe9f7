import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { HIDDEN_ROOM_QUEST, type RoomState, type RoomStreamEvent } from '@levelup/contracts';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import {
  memberFixture,
  occurrenceFixture,
  questFixture,
  roomFixture,
} from '../../../test/fixtures.ts';
import { RoomPage } from './room-page.tsx';

/**
 * The browser's EventSource, which jsdom lacks: the room page's stream is driven from the test by the
 * messages a server would send (named events with JSON data).
 */
class TestEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: TestEventSource[] = [];
  readyState = TestEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = TestEventSource.CLOSED;
  }
  open() {
    this.readyState = TestEventSource.OPEN;
    this.onopen?.();
  }
  send(event: RoomStreamEvent) {
    const message = new MessageEvent('message', { data: JSON.stringify(event) });
    for (const listener of this.listeners.get(event.type) ?? []) listener(message);
  }
  /** The network went away: the browser will retry by itself. */
  drop() {
    this.readyState = TestEventSource.CONNECTING;
    this.onerror?.();
  }
}

function renderRoom() {
  return renderWithProviders(
    <Routes>
      <Route path="/sessions/:id" element={<RoomPage />} />
      <Route path="/sessions" element={<p>Sessions list</p>} />
    </Routes>,
    { route: '/sessions/s1' },
  );
}

function roomRoutes(room: () => RoomState, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/sessions/s1/room': () => ({
      body: { ...room(), serverTime: new Date().toISOString() },
    }),
    'GET /api/quests': { body: [questFixture(), questFixture({ id: 'q2', title: 'Tidy desk' })] },
    'GET /api/quests/occurrences': {
      body: [
        occurrenceFixture(),
        occurrenceFixture({ id: 'o2', title: 'Floss', isCompleted: true }),
        occurrenceFixture({ id: 'o3', title: 'Stretch', skipped: true }),
      ],
    },
    ...extra,
  });
}

const at = new Date().toISOString();

/**
 * A room whose first member is me: check-in and check-out change my line the way the server does, and
 * the room read afterwards shows it. `extra` adds the completion routes of the test.
 */
function checkInRoutes(extra: Parameters<typeof mockFetch>[0]) {
  let room = roomFixture();
  const withMe = (me: RoomState['members'][number]) => {
    room = { ...room, members: [me, ...room.members.slice(1)] };
    return { body: me };
  };
  return roomRoutes(() => room, {
    'PUT /api/sessions/s1/room/check-in': ({ body }) =>
      withMe({
        ...room.members[0]!,
        checkIn: { ...(body as { line: string; questId: string; questTitle: string }), at },
      }),
    'PUT /api/sessions/s1/room/check-out': ({ body }) =>
      withMe({
        ...room.members[0]!,
        checkOut: { ...(body as { outcome: 'done' }), note: null, at },
      }),
    ...extra,
  });
}

describe('the live room page', () => {
  it('when the room opens, then the shared timer, the members and their check-in lines show', async () => {
    roomRoutes(() =>
      roomFixture({
        members: [
          memberFixture({ userId: 'me', displayName: 'Grace Hopper', isMe: true, isHost: true }),
          memberFixture({
            checkIn: { line: 'Draft chapter two', questId: null, questTitle: 'Book', at },
          }),
          // Shares completions with titles hidden: a quest is linked, its title is not sent.
          memberFixture({
            userId: 'u3',
            displayName: 'Alan Turing',
            checkIn: { line: 'Inbox zero', questId: null, questTitle: null, questHidden: true, at },
          }),
        ],
      }),
    );
    renderRoom();
    expect(
      await screen.findByRole('heading', { name: 'Morning Focus Sprint' }),
    ).toBeInTheDocument();
    // The fixture's 30-minute session started 5 minutes ago: 20 of its 25 focus minutes are left.
    expect(screen.getByRole('timer')).toHaveTextContent(/^(20:00|19:5\d)$/);
    expect(screen.getByRole('heading', { name: 'Focus' })).toBeInTheDocument();
    const members = screen.getByRole('list', { name: 'In the room' });
    const ada = within(members).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(ada).toHaveTextContent('Working on: Draft chapter two');
    expect(ada).toHaveTextContent('Quest: Book');
    expect(within(members).getByRole('listitem', { name: 'Alan Turing' })).toHaveTextContent(
      `Working on: Inbox zeroQuest: ${HIDDEN_ROOM_QUEST}`,
    );
    expect(within(members).getByRole('listitem', { name: 'Grace Hopper (you)' })).toHaveTextContent(
      'Host',
    );
    // The phase is announced once, politely; the ticking seconds are not in a live region.
    expect(screen.getByText('Focus time: 20 minutes to go.')).toBeInTheDocument();
  });

  it('when members enter and leave on the stream, then they appear and go away; a lost connection shows Reconnecting', async () => {
    vi.stubGlobal('EventSource', TestEventSource);
    TestEventSource.opened = [];
    roomRoutes(() => roomFixture({ seq: 3 }));
    renderRoom();
    await screen.findByRole('heading', { name: 'Morning Focus Sprint' });
    const source = TestEventSource.opened[0]!;
    expect(source.url).toBe('/api/sessions/s1/room/events');
    act(() => source.open());
    act(() =>
      source.send({
        type: 'member_joined',
        seq: 4,
        at,
        member: memberFixture({ userId: 'u2', displayName: 'Linus', initials: 'L', present: true }),
      }),
    );
    const here = screen.getByRole('list', { name: 'In the room' });
    expect(within(here).getByRole('listitem', { name: 'Linus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'In the room (3)' })).toBeInTheDocument();
    act(() => source.send({ type: 'presence_left', seq: 5, at, userId: 'u2', reason: 'left' }));
    expect(within(here).queryByRole('listitem', { name: 'Linus' })).not.toBeInTheDocument();
    const away = screen.getByRole('list', { name: 'Not here right now' });
    expect(within(away).getByRole('listitem', { name: 'Linus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'In the room (2)' })).toBeInTheDocument();
    act(() => source.drop());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    act(() => source.open());
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });

  it('when I check in with a quest and check out done, then the quest is completed with the usual call and its XP shown', async () => {
    const { calls } = checkInRoutes({
      'POST /api/quests/q1/complete': {
        body: { ...questFixture({ isCompleted: true, completionType: 'completed' }), xpDelta: 50 },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoom();
    const form = await screen.findByRole('form', { name: 'Check in' });
    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Say what you will work on');
    await user.type(within(form).getByLabelText("What I'll work on"), 'Finish the draft');
    await user.click(within(form).getByRole('combobox'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/quests')).toBe(true));
    await user.click(await screen.findByTitle('Write the report'));
    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    const checkOut = await screen.findByRole('form', { name: 'Check out' });
    expect(calls.find((c) => c.path === '/api/sessions/s1/room/check-in')?.body).toEqual({
      line: 'Finish the draft',
      questId: 'q1',
      questTitle: 'Write the report',
    });
    await user.click(within(checkOut).getByText('Done'));
    expect(
      within(checkOut).getByRole('checkbox', {
        name: /Complete the linked quest: Write the report/,
      }),
    ).toBeChecked();
    await user.click(within(checkOut).getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Quest Completed!')).toBeInTheDocument();
    expect(screen.getByText('You earned 50 XP!')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(posted).toEqual([
      'PUT /api/sessions/s1/room/check-in',
      'PUT /api/sessions/s1/room/check-out',
      'POST /api/quests/q1/complete',
    ]);
    expect(calls.find((c) => c.path.endsWith('/check-out'))?.body).toEqual({ outcome: 'done' });
    expect(await screen.findByText(/You checked out: Done/)).toBeInTheDocument();
  });

  it("when I check in with today's routine and check out done, then that occurrence is completed", async () => {
    const { calls } = checkInRoutes({
      'POST /api/quests/occurrences/o1/complete': {
        body: {
          ...occurrenceFixture({ isCompleted: true, completionType: 'completed' }),
          xpDelta: 30,
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoom();
    const form = await screen.findByRole('form', { name: 'Check in' });
    await user.type(within(form).getByLabelText("What I'll work on"), 'Sit quietly');
    await user.click(within(form).getByRole('combobox'));
    // Open quests and today's open routines, in two groups; done and skipped ones are not offered.
    expect(await screen.findByTitle('Meditate')).toBeInTheDocument();
    expect(screen.getByTitle('Write the report')).toBeInTheDocument();
    expect(screen.getByText("Today's routines")).toBeInTheDocument();
    expect(screen.queryByTitle('Floss')).not.toBeInTheDocument();
    expect(screen.queryByTitle('Stretch')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('Meditate'));
    await user.click(within(form).getByRole('button', { name: 'Check in' }));
    const checkOut = await screen.findByRole('form', { name: 'Check out' });
    expect(calls.find((c) => c.path === '/api/sessions/s1/room/check-in')?.body).toEqual({
      line: 'Sit quietly',
      questId: 'o1',
      questTitle: 'Meditate',
    });
    await user.click(within(checkOut).getByText('Done'));
    await user.click(within(checkOut).getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('You earned 30 XP!')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(posted).toEqual([
      'PUT /api/sessions/s1/room/check-in',
      'PUT /api/sessions/s1/room/check-out',
      'POST /api/quests/occurrences/o1/complete',
    ]);
  });

  it('when I check out "not this time", then the linked quest is left as it is', async () => {
    const me = memberFixture({
      userId: 'me',
      isMe: true,
      checkIn: { line: 'Report', questId: 'q1', questTitle: 'Write the report', at },
    });
    const { calls } = roomRoutes(() => roomFixture({ members: [me] }), {
      'PUT /api/sessions/s1/room/check-out': { body: me },
    });
    const user = userEvent.setup({ delay: null });
    renderRoom();
    const checkOut = await screen.findByRole('form', { name: 'Check out' });
    await user.click(within(checkOut).getByText('Not this time'));
    expect(within(checkOut).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(checkOut).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/check-out'))).toBe(true));
    expect(calls.some((c) => c.path.includes('/api/quests/q1'))).toBe(false);
  });

  it(
    'when the host removes a member, then the removal is asked for; others can be reported and muted',
    {
      timeout: 40_000,
    },
    async () => {
      const { calls } = roomRoutes(() => roomFixture(), {
        'POST /api/sessions/s1/room/members/u1/remove': { body: roomFixture() },
        'POST /api/sessions/s1/room/members/u1/report': {
          status: 201,
          body: { id: 'r1', sessionId: 's1', userId: 'u1', reason: 'spam', createdAt: at },
        },
        'POST /api/sessions/s1/room/members/u1/mute': {
          body: [{ userId: 'u1', displayName: 'Ada' }],
        },
      });
      const user = userEvent.setup({ delay: null });
      renderRoom();

      await user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace' }));
      await user.click(await screen.findByRole('button', { name: 'Remove' }));
      await user.click(screen.getByRole('button', { name: 'Report Ada Lovelace' }));
      // (antd names every dialog's title 'test-id' under test, so the dialog is found by its text.)
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Report Ada Lovelace');
      await user.type(within(dialog).getByLabelText('Reason'), 'spam');
      await user.click(within(dialog).getByRole('button', { name: 'Report' }));
      await user.click(screen.getByRole('button', { name: 'Mute Ada Lovelace' }));
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
          ['/api/sessions/s1/room/members/u1/remove', undefined],
          ['/api/sessions/s1/room/members/u1/report', { reason: 'spam' }],
          ['/api/sessions/s1/room/members/u1/mute', undefined],
        ]),
      );
    },
  );

  it('when a member who is not the host opens the room, then no one can be removed from it', async () => {
    roomRoutes(() =>
      roomFixture({
        members: [
          memberFixture({ userId: 'me', isMe: true }),
          memberFixture({ userId: 'h', displayName: 'Host Person', isHost: true }),
        ],
      }),
    );
    renderRoom();
    expect(await screen.findByRole('button', { name: 'Report Host Person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('when someone who has not joined opens the room, then Join Now lets them in', async () => {
    let joined = false;
    const { calls } = mockFetch({
      'GET /api/sessions/s1/room': () =>
        joined
          ? { body: roomFixture() }
          : {
              status: 403,
              body: {
                error: { code: 'forbidden', message: 'Join this session to enter its room' },
              },
            },
      'POST /api/sessions/s1/join': () => {
        joined = true;
        return { body: roomFixture().session };
      },
      'GET /api/quests': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    renderRoom();
    await user.click(await screen.findByRole('button', { name: 'Join Now' }));
    expect(
      await screen.findByRole('heading', { name: 'Morning Focus Sprint' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/sessions/s1/join')).toBe(true);
  });
});
