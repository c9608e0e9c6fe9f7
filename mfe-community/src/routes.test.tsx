import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import CommunityRoutes from './routes.tsx';
import { roomFixture } from './test/fixtures.ts';

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('community remote', () => {
  it('when there are no posts, then the community page invites the first one', async () => {
    mockFetch({ 'GET /api/posts': { body: [] }, 'GET /api/community/feed': { body: [] } });
    renderWithProviders(<CommunityRoutes />, { route: '/community' });
    expect(
      await screen.findByText('No posts yet. Be the first to share with the community!'),
    ).toBeInTheDocument();
  });

  it('when /sessions opens, then the body-doubling page shows its title and live sessions', async () => {
    mockFetch({ 'GET /api/sessions': { body: [] } });
    renderWithProviders(<CommunityRoutes />, { route: '/sessions' });
    expect(screen.getByRole('heading', { name: 'Body-Doubling Sessions' })).toBeInTheDocument();
    expect(
      screen.getByText('Work alongside others for accountability and focus'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Live Sessions' })).toBeInTheDocument();
  });

  it("when /sessions/:id opens, then that session's live room shows", async () => {
    mockFetch({
      'GET /api/sessions/s1/room': { body: roomFixture() },
      'GET /api/quests': { body: [] },
    });
    renderWithProviders(<CommunityRoutes />, { route: '/sessions/s1' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Morning Focus Sprint' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('timer')).toBeInTheDocument();
  });

  it("when the dashboard's /body-doubling link opens, then the body-doubling sessions page shows at /sessions", async () => {
    mockFetch({ 'GET /api/sessions': { body: [] } });
    renderWithProviders(
      <>
        <CommunityRoutes />
        <LocationProbe />
      </>,
      { route: '/body-doubling' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Body-Doubling Sessions' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sessions');
  });

  it("when /meetups opens, then the page says times are in the member's own zone", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'Europe/Berlin' }) },
      'GET /api/meetups': { body: { upcoming: [], recent: [] } },
    });
    renderWithProviders(<CommunityRoutes />, { route: '/meetups' });
    expect(screen.getByRole('heading', { name: 'Weekly Meetups' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        "Times in your time zone (Europe/Berlin), the organiser's beside them",
      ),
    ).toBeInTheDocument();
  });

  it('when there is no feedback, then the admin page says so', async () => {
    mockFetch({ 'GET /api/feedback': { body: [] } });
    renderWithProviders(<CommunityRoutes />, { route: '/admin/feedback' });
    expect(screen.getByRole('heading', { name: 'Beta Feedback' })).toBeInTheDocument();
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
  });
});
