import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { holdFirstScreen, releaseFirstScreen } from '@levelup/web-kit';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  unauthorized,
} from '@levelup/web-kit/testing';
import type { RemoteLoader } from '../features/remotes/remote-section.tsx';
import { AppRoutes } from './app-routes.tsx';

const stubRemote: RemoteLoader = (remote) =>
  Promise.resolve({ default: () => <h1>{remote} page</h1> });

describe('routes', () => {
  it('when sign-in state is still loading on a protected page, then a Loading... spinner shows', async () => {
    mockFetch({ 'GET /api/user/profile': () => new Promise(() => {}) });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/quests' });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('when a visitor opens a protected page, then they are redirected to the auth page', async () => {
    mockFetch({ 'GET /api/user/profile': unauthorized });
    const loader = vi.fn(stubRemote);
    renderWithProviders(<AppRoutes loader={loader} />, { route: '/quests' });
    expect(await screen.findByRole('heading', { name: 'Join the Community' })).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });

  it('when a signed-in user opens a section, then the owning remote renders it inside the navigation', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ displayName: 'Ada Lovelace' }) },
    });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/talent-tree' });
    expect(
      await screen.findByRole('heading', { name: 'mfe_progression page' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Home Base',
      'Quest Log',
      'Goals',
      'Community',
      'Sessions',
      'Meetups',
      'Character Progression',
      'Ada Lovelace',
    ]) {
      expect(nav).toContainElement(screen.getAllByRole('link', { name })[0] ?? null);
    }
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    // A member has no Admin link.
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('when an admin is signed in, then the nav also links to the admin page', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ displayName: 'Grace', role: 'admin' }) },
    });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/talent-tree' });
    await screen.findByRole('heading', { name: 'mfe_progression page' });
    const admin = screen.getAllByRole('link', { name: 'Admin' })[0];
    expect(admin).toHaveAttribute('href', '/admin/feedback');
  });

  it('when a visitor opens /, then the landing page shows with Sign In and Join Community', async () => {
    mockFetch({ 'GET /api/user/profile': unauthorized });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Level Up Your Life.' })).toBeInTheDocument();
    expect(screen.getByText('Gamified Life Organization')).toBeInTheDocument();
    for (const feature of [
      'Smart Dashboard',
      'Character Progression',
      'Achievement Tracking',
      'XP & Level System',
    ]) {
      expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Join Community' }).length).toBeGreaterThan(0);
  });

  it('when the server has no external sign-in provider, then every sign-in button of the landing page and the header opens the sign-in page', async () => {
    mockFetch({
      'GET /api/user/profile': unauthorized,
      'GET /api/login/options': { body: { externalSignIn: false } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/' });
    const hero = await screen.findByRole('link', { name: 'Start Your First Quest or Sign In' });
    await waitFor(() => expect(hero).toHaveAttribute('href', '/auth'));
    expect(screen.getByRole('link', { name: 'Sign In to Start' })).toHaveAttribute('href', '/auth');
    for (const name of ['Sign In', 'Join Community']) {
      await user.click(screen.getAllByRole('button', { name })[0]!);
      expect(
        await screen.findByRole('heading', { name: 'Join the Community' }),
      ).toBeInTheDocument();
      // Only the password forms: no external button, no error notice.
      expect(
        screen.queryByRole('button', { name: 'Continue with an external sign-in provider' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Level Up home' }));
      await screen.findByRole('heading', { name: 'Level Up Your Life.' });
    }
  });

  it('when the server has an external sign-in provider, then the sign-in buttons start it with the browser time zone', async () => {
    mockFetch({
      'GET /api/user/profile': unauthorized,
      'GET /api/login/options': { body: { externalSignIn: true } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/' });
    const hero = await screen.findByRole('link', { name: 'Start Your First Quest or Sign In' });
    await waitFor(() => expect(hero.getAttribute('href')).toMatch(/^\/api\/login\?timeZone=/));
    await userEvent
      .setup({ delay: null })
      .click(screen.getAllByRole('button', { name: 'Sign In' })[0]!);
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/login\?timeZone=/));
    vi.unstubAllGlobals();
  });

  it('when a path is unknown, then the 404 page offers a way home', async () => {
    mockFetch({ 'GET /api/user/profile': unauthorized });
    renderWithProviders(<AppRoutes loader={stubRemote} />, { route: '/nowhere' });
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText("This quest location doesn't exist yet!")).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Return Home' }));
    expect(await screen.findByRole('heading', { name: 'Level Up Your Life.' })).toBeInTheDocument();
  });

  it('when a remote fails to load, then its section shows a fallback and Retry loads it again', async () => {
    mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = vi.fn<RemoteLoader>((remote, attempt) =>
      attempt === 0 ? Promise.reject(new Error('manifest 502')) : stubRemote(remote, attempt),
    );
    renderWithProviders(<AppRoutes loader={loader} />, { route: '/goals' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // The rest of the shell keeps working around the failed section.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(retry);
    expect(await screen.findByRole('heading', { name: 'mfe_goals page' })).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('mfe_goals', 1);
  });

  it('when the server wrote the dashboard first screen, then it stays while the remote loads, and a failed load lets it go', async () => {
    mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = document.createElement('div');
    root.dataset.prerendered = 'first-screen';
    root.innerHTML = '<main><h1>Welcome back, Level 3 Adventurer!</h1></main>';
    holdFirstScreen(root);
    window.history.pushState(null, '', '/dashboard');
    let fail: (error: Error) => void = () => {};
    const first = new Promise<never>((_resolve, reject) => (fail = reject));
    const loader = vi.fn<RemoteLoader>((_remote, attempt) =>
      attempt === 0 ? first : new Promise(() => {}),
    );
    try {
      renderWithProviders(<AppRoutes loader={loader} />, { route: '/dashboard' });
      expect(
        await screen.findByRole('heading', { name: 'Welcome back, Level 3 Adventurer!' }),
      ).toBeInTheDocument();
      // The remote is loading (its promise has a reader, so failing it is not an unhandled rejection).
      await vi.waitFor(() => expect(loader).toHaveBeenCalledWith('mfe_quests', 0));
      expect(screen.queryByText('Loading...')).toBeNull();
      fail(new Error('manifest 502'));
      await userEvent
        .setup({ delay: null })
        .click(await screen.findByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Level 3/ })).toBeNull();
    } finally {
      releaseFirstScreen();
      window.history.pushState(null, '', '/');
    }
  });
});
