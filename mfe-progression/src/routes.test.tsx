import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import ProgressionRoutes from './routes.tsx';

describe('progression remote', () => {
  it('when /talent-tree opens, then the TALENT TREE page and its unlock check show', async () => {
    mockFetch({
      'GET /api/talent-tree': { body: [] },
      'GET /api/talent-tree/user/progress': { body: [] },
    });
    renderWithProviders(<ProgressionRoutes />, { route: '/talent-tree' });
    expect(screen.getByRole('heading', { name: 'TALENT TREE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check for Unlocks' })).toBeInTheDocument();
    expect(
      await screen.findByText('Your talent tree is being planted. Complete quests to grow it!'),
    ).toBeInTheDocument();
  });

  it('when a path under the remote is unknown, then its 404 page shows', () => {
    renderWithProviders(<ProgressionRoutes />, { route: '/talent-tree/nowhere' });
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
  });
});
