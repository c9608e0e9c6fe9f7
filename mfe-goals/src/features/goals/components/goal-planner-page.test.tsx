import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import GoalsRoutes from '../../../routes.tsx';

describe('goal planner', () => {
  it('when the user has no goals, then the planner shows its title, subtitle and empty state', async () => {
    mockFetch({ 'GET /api/goals': { body: [] } });
    renderWithProviders(<GoalsRoutes />, { route: '/goals' });
    expect(screen.getByRole('heading', { name: 'Goal Planner' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Set bigger-picture objectives and track your quest progress towards meaningful goals',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Create your first goal to start tracking progress towards bigger objectives',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Goal' })).toBeInTheDocument();
  });

  it('when goals exist, then active ones are listed with current / target XP', async () => {
    mockFetch({
      'GET /api/goals': {
        body: [{ id: 'g1', title: 'Run a 5k', currentXp: 150, targetXp: 300, status: 'active' }],
      },
    });
    renderWithProviders(<GoalsRoutes />, { route: '/goals' });
    expect(await screen.findByText('Run a 5k')).toBeInTheDocument();
    expect(screen.getByText('150 / 300 XP')).toBeInTheDocument();
  });
});
