import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { quickMatchHint } from '@levelup/contracts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { SessionsPage } from './sessions-page.tsx';

/** The sessions page at /sessions, with a stand-in room page at /sessions/:id to land on. */
function renderWithRoomRoute() {
  renderWithProviders(
    <Routes>
      <Route path="/sessions" element={<SessionsPage />} />
      <Route path="/sessions/:id" element={<h1>The room</h1>} />
    </Routes>,
    { route: '/sessions' },
  );
}

describe('sessions page', () => {
  it('when sessions load, then live ones offer Join Now (disabled when full) and upcoming ones Remind Me', async () => {
    const { calls } = mockFetch({
      'GET /api/sessions': {
        body: [
          sessionFixture(),
          sessionFixture({ id: 's2', title: 'Packed room', currentParticipants: 6 }),
          sessionFixture({
            id: 's3',
            title: 'Declutter Together',
            isActive: false,
            startTime: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        ],
      },
      'POST /api/sessions/s1/join': { body: sessionFixture({ joinedByMe: true }) },
      'POST /api/sessions/s3/remind': { body: sessionFixture({ id: 's3', remindedByMe: true }) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />);
    expect(await screen.findByText('Morning Focus Sprint')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Full' })).toBeDisabled();
    expect(screen.getAllByText('LIVE')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    await user.click(screen.getByRole('button', { name: 'Remind Me' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/sessions/s1/join',
        '/api/sessions/s3/remind',
      ]),
    );
  });

  it('when Create Session is filled in, then the contract shape is posted', async () => {
    const { calls } = mockFetch({
      'GET /api/sessions': { body: [] },
      'POST /api/sessions': ({ body }) => ({
        status: 201,
        body: sessionFixture({ title: (body as { title: string }).title }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />);
    expect(await screen.findByText('No live sessions right now. Start one!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Session' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Study hall');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Study hall',
      description: null,
      startTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      duration: 60,
      maxParticipants: 6,
      category: 'focus',
    });
  });

  it('when there are no sessions at all, then Start a session opens one now with the chosen focus length and leads into its room', async () => {
    const { calls } = mockFetch({
      'GET /api/sessions': { body: [] },
      'POST /api/sessions/quick-match': {
        body: {
          session: sessionFixture({ title: '50-minute focus session', joinedByMe: true }),
          created: true,
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithRoomRoute();
    expect(await screen.findByRole('heading', { name: 'No sessions yet' })).toBeInTheDocument();
    expect(screen.getByText(/a 5-minute break follows/)).toBeInTheDocument();
    // Start now is for joining others: with nothing on, the card is the one way to start.
    expect(screen.queryByRole('button', { name: 'Start now' })).not.toBeInTheDocument();
    await user.click(screen.getByText('50 min'));
    expect(screen.getByRole('radio', { name: '50 min' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Start a session' }));
    expect(await screen.findByRole('heading', { name: 'The room' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/sessions/quick-match', body: { focusMinutes: 50 } }),
    ]);
  });

  it('when Start a session is left at its default, then it asks for 25 minutes of focus', async () => {
    const { calls } = mockFetch({
      'GET /api/sessions': { body: [] },
      'POST /api/sessions/quick-match': {
        body: { session: sessionFixture({ joinedByMe: true }), created: true },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Start a session' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ focusMinutes: 25 }),
    );
  });

  it('when a live room has people in it, then the card says who and the time left; Start now leads into the room it matched', async () => {
    const { calls } = mockFetch({
      'GET /api/sessions': {
        body: [
          sessionFixture({
            room: {
              present: [
                { userId: 'u1', displayName: 'Ada Lovelace', initials: 'AL' },
                { userId: 'u2', displayName: 'Grace Hopper', initials: 'GH' },
              ],
              secondsLeft: 1_430,
            },
          }),
        ],
      },
      'POST /api/sessions/quick-match': {
        body: { session: sessionFixture({ joinedByMe: true }), created: false },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithRoomRoute();
    expect(await screen.findByText('In the room: Ada Lovelace, Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('24 min left')).toBeInTheDocument();
    await user.click(screen.getByText('50 min'));
    // Start now says what it will do with the chosen length.
    expect(screen.getByRole('button', { name: 'Start now' })).toHaveAccessibleDescription(
      quickMatchHint(50),
    );
    await user.click(screen.getByRole('button', { name: 'Start now' }));
    expect(await screen.findByRole('heading', { name: 'The room' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/sessions/quick-match')?.body).toEqual({
      focusMinutes: 50,
    });
  });

  it('when Join Now is clicked, then the member lands in the session room; a joined live session offers Enter room', async () => {
    mockFetch({
      'GET /api/sessions': {
        body: [sessionFixture(), sessionFixture({ id: 's2', title: 'Mine', joinedByMe: true })],
      },
      'POST /api/sessions/s1/join': { body: sessionFixture({ joinedByMe: true }) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithRoomRoute();
    expect(await screen.findByRole('link', { name: 'Enter room' })).toHaveAttribute(
      'href',
      '/sessions/s2',
    );
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(await screen.findByRole('heading', { name: 'The room' })).toBeInTheDocument();
  });
});
