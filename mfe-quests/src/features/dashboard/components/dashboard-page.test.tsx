import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Quest } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';

const zeroOverview = {
  totalXpEarned: 0,
  totalQuestsCompleted: 0,
  totalQuestsCreated: 0,
  questsCompletedThisWeek: 0,
  currentStreak: 0,
  longestStreak: 0,
  activeGoalsCount: 0,
  completedGoalsCount: 0,
};

function questFixture(overrides: Partial<Quest> = {}): Quest {
  return {
    id: 'q1',
    title: 'Morning walk',
    description: 'Twenty minutes around the block',
    difficulty: 'easy',
    xpReward: 20,
    timeEstimate: null,
    dueDate: null,
    scheduledTime: null,
    category: null,
    isRecurring: false,
    timeOfDay: 'anytime',
    isCompleted: false,
    completionType: 'not_completed',
    completedAt: null,
    createdAt: '2026-11-22T07:00:00.000Z',
    streak: 0,
    growthPath: null,
    tags: [],
    seriesId: null,
    ...overrides,
  };
}

describe('dashboard', () => {
  it('when a brand-new user arrives, then the heading is "Welcome, New Adventurer!"', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ xp: 0 }) },
      'GET /api/dashboard/overview': { body: zeroOverview },
      'GET /api/quests': { body: [] },
      'GET /api/goals': { body: [] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, New Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No quests for today yet')).toBeInTheDocument();
  });

  it('when a returning user arrives, then the heading names their level', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ xp: 350 }) },
      'GET /api/dashboard/overview': {
        body: { ...zeroOverview, totalXpEarned: 350, totalQuestsCompleted: 9 },
      },
      'GET /api/quests': { body: [questFixture()] },
      'GET /api/goals': { body: [] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Level 3 Adventurer!' }),
    ).toBeInTheDocument();
  });

  it('when a quest is quick-completed, then the toast, the XP bar and the level move without a reload', async () => {
    let xp = 90;
    mockFetch({
      'GET /api/user/profile': () => ({ body: profileFixture({ xp }) }),
      'GET /api/dashboard/overview': {
        body: { ...zeroOverview, totalXpEarned: 90, totalQuestsCompleted: 3 },
      },
      'GET /api/quests': { body: [questFixture()] },
      'GET /api/goals': { body: [] },
      'POST /api/quests/q1/toggle': () => {
        xp = 110;
        return {
          body: {
            ...questFixture({ isCompleted: true, completionType: 'completed' }),
            xpDelta: 20,
          },
        };
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('90 / 100 XP')).toBeInTheDocument();

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Complete quest: Morning walk' }));

    expect(await screen.findByText('Quest Completed!')).toBeInTheDocument();
    expect(screen.getByText('You earned 20 XP!')).toBeInTheDocument();
    expect(await screen.findByText('10 / 200 XP')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Welcome back, Level 2 Adventurer!' }),
    ).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Level Up!')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Continue Your Journey' }),
    ).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Morning walk' });
    expect(within(item).getByText('Done')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Complete quest/ })).not.toBeInTheDocument();
  });

  it('when the Active Goals tab is chosen, then active goals show with their XP, and none says so', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ xp: 150 }) },
      'GET /api/dashboard/overview': {
        body: { ...zeroOverview, totalXpEarned: 150, completedGoalsCount: 2 },
      },
      'GET /api/quests': { body: [] },
      'GET /api/goals': {
        body: [
          {
            id: 'g1',
            title: 'Run a 5k',
            difficulty: 'medium',
            currentXp: 120,
            targetXp: 300,
            status: 'active',
          },
          { id: 'g2', title: 'Old goal', currentXp: 300, targetXp: 300, status: 'completed' },
        ],
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('tab', { name: "Today's Quests (0)", selected: true }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Active Goals (1)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Active Goals (1)' });
    expect(await within(panel).findByText('2 goals completed total')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Run a 5k' })).toHaveTextContent(
      '120/300 XP',
    );
    expect(within(panel).queryByText('Old goal')).not.toBeInTheDocument();
  });
});
