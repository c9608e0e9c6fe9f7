import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  unauthorized,
} from '@levelup/web-kit/testing';
import {
  CO_FOCUS_BONUS_REASON,
  CO_FOCUS_BONUS_RULE,
  CO_FOCUS_BONUS_XP,
  CO_FOCUS_EVENT_TYPES,
} from '@levelup/contracts';
import { ProfilePage } from './profile-page.tsx';

const overview = {
  totalXpEarned: 250,
  totalQuestsCompleted: 3,
  totalQuestsCreated: 4,
  questsCompletedThisWeek: 2,
  currentStreak: 2,
  longestStreak: 5,
  activeGoalsCount: 0,
  completedGoalsCount: 0,
};
const achievements = {
  achievements: [
    {
      id: 'first-quest',
      name: 'First Quest',
      description: 'Complete your first daily quest',
      earned: true,
      earnedDate: '2026-11-02T09:00:00.000Z',
    },
    {
      id: 'week-warrior',
      name: 'Week Warrior',
      description: 'Keep a 7-day streak',
      earned: false,
      earnedDate: null,
    },
    {
      id: 'community-helper',
      name: 'Community Helper',
      description: 'Help 10 community members',
      earned: false,
      earnedDate: null,
    },
    {
      id: 'level-10-hero',
      name: 'Level 10 Hero',
      description: 'Reach level 10',
      earned: false,
      earnedDate: null,
    },
  ],
};
const history = {
  entries: [
    {
      id: 'e2',
      type: 'quests.revoked',
      source: 'quest',
      title: 'Read ten pages',
      xpDelta: -50,
      at: '2026-11-03T09:00:00.000Z',
      localDate: '2026-11-03',
    },
    {
      id: 'e1',
      type: 'quests.completed',
      source: 'occurrence',
      title: 'Evening journal',
      xpDelta: 25,
      at: '2026-11-02T09:00:00.000Z',
      localDate: '2026-11-02',
    },
  ],
  total: 2,
};

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user/profile': { body: profileFixture({ xp: 250, isFounder: true, userNumber: 7 }) },
    'GET /api/dashboard/overview': { body: overview },
    'GET /api/user/achievements': { body: achievements },
    'GET /api/user/xp-history': { body: history },
    'GET /api/calendar-feed': { body: { feed: null } },
    'GET /api/community/privacy': { body: { shareCompletions: 'titles_hidden' } },
    ...extra,
  });
}

describe('profile page (Profile screen)', () => {
  it('when it loads, then it shows the header, quest stats, achievements earned from history and the XP history', async () => {
    routes();
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Member since 01/15/2026')).toBeInTheDocument();
    expect(screen.getByText('Level 2')).toBeInTheDocument();
    expect(screen.getByText('Founder #7')).toBeInTheDocument();
    expect(screen.getByText('Progress to Level 3')).toBeInTheDocument();
    expect(screen.getByText('150 / 200 XP')).toBeInTheDocument();
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText('5 days')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'First Quest: earned' })).toHaveTextContent(
      'Earned 11/02/2026',
    );
    expect(
      screen.getByRole('listitem', { name: 'Level 10 Hero: not earned yet' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Read ten pages')).toBeInTheDocument();
    expect(screen.getByText('−50 XP')).toBeInTheDocument();
    expect(screen.getByText('+25 XP')).toBeInTheDocument();
  });

  it('when a co-focus bonus is in the XP history, then it reads as the bonus with its reason, the rule is explained, and it offers no Undo', async () => {
    routes({
      'GET /api/user/xp-history': {
        body: {
          entries: [
            {
              id: 'cf1',
              type: CO_FOCUS_EVENT_TYPES[0],
              source: 'co_focus',
              title: `${CO_FOCUS_BONUS_REASON}: Write the report`,
              xpDelta: CO_FOCUS_BONUS_XP,
              at: '2026-11-04T09:00:00.000Z',
              localDate: '2026-11-04',
            },
          ],
          total: 1,
        },
      },
      'POST /api/quests/completions/undoable': { body: { eventIds: [] } },
    });
    renderWithProviders(<ProfilePage />);
    const row = (await screen.findByText('Co-focus bonus: Write the report')).closest('li');
    expect(row).toHaveTextContent('(Co-focus bonus, quest completed in a body-doubling session');
    expect(row).toHaveTextContent(`+${CO_FOCUS_BONUS_XP} XP`);
    expect(screen.getByText(CO_FOCUS_BONUS_RULE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it('when the XP history shows completions, then Undo is offered only on those still standing', async () => {
    const { calls } = routes({
      'GET /api/user/xp-history': {
        body: {
          entries: [
            {
              ...history.entries[1],
              id: 'e2',
              title: 'Morning run',
              at: '2026-11-04T09:00:00.000Z',
            },
            history.entries[1],
          ],
          total: 2,
        },
      },
      'POST /api/quests/completions/undoable': { body: { eventIds: ['e2'] } },
    });
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole('button', { name: 'Undo: Morning run' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo: Evening journal' })).not.toBeInTheDocument();
    const asked = calls.find((call) => call.path === '/api/quests/completions/undoable');
    expect(asked?.body).toEqual({ eventIds: ['e2', 'e1'] });
  });

  it('when Undo takes back a completion that earned a co-focus bonus, then the toast says the quest XP and the bonus together', async () => {
    routes({
      'GET /api/user/xp-history': {
        body: { entries: [{ ...history.entries[1], id: 'e3', title: 'Morning run' }], total: 1 },
      },
      'POST /api/quests/completions/undoable': { body: { eventIds: ['e3'] } },
      'POST /api/quests/completions/e3/undo': {
        body: { kind: 'occurrence', id: 'o1', title: 'Morning run', undone: true, xpDelta: -25 },
      },
      'GET /api/community/co-focus/e3': {
        body: { completionEventId: 'e3', xp: CO_FOCUS_BONUS_XP },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Undo: Morning run' }));
    expect(
      await screen.findByText(`Morning run: ${25 + CO_FOCUS_BONUS_XP} XP taken back.`),
    ).toBeInTheDocument();
  });

  it('when the overview fails, then Quest Statistics Unavailable shows with a Retry that loads it', async () => {
    let fail = true;
    routes({
      'GET /api/dashboard/overview': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
          : { body: overview },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfilePage />);
    const banner = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(banner).toHaveTextContent('Quest Statistics Unavailable');
    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('75%')).toBeInTheDocument();
  });

  it('when a valid edit is saved, then Saving... shows, the profile is sent and view mode returns with Profile Updated!', async () => {
    let release: () => void = () => {};
    let saved = profileFixture({ xp: 250 });
    const { calls } = routes({
      'GET /api/user/profile': () => ({ body: saved }),
      'PATCH /api/user/profile': (call) =>
        new Promise((resolve) => {
          release = () => {
            saved = profileFixture({ xp: 250, ...(call.body as object) });
            resolve({ body: saved });
          };
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const name = screen.getByLabelText('Display Name');
    await user.clear(name);
    await user.type(name, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Profile Updated!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      displayName: 'Grace Hopper',
      username: 'ada',
      timeZone: 'Europe/London',
    });
  });

  it('when a field breaks a rule, then its message shows and nothing is sent; Cancel resets and leaves edit mode', async () => {
    const { calls } = routes();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'a b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Username can only contain letters, numbers, hyphens, and underscores',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('when the save fails, then the error toast shows and edit mode stays open', async () => {
    routes({
      'PATCH /api/user/profile': {
        status: 409,
        body: { error: { code: 'USERNAME_TAKEN', message: 'Username already taken' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username already taken')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByLabelText('Display Name')).toBeInTheDocument();
  });

  it('when the visitor is signed out, then Profile Not Found shows; another failure shows Failed to Load Profile', async () => {
    mockFetch({ 'GET /api/user/profile': unauthorized });
    const { unmount } = renderWithProviders(<ProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to view your profile.')).toBeInTheDocument();
    unmount();
    mockFetch({
      'GET /api/user/profile': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderWithProviders(<ProfilePage />);
    await waitFor(
      () =>
        expect(screen.getByRole('heading', { name: 'Failed to Load Profile' })).toBeInTheDocument(),
      { timeout: 8000 },
    );
  });
});
