import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  unauthorized,
} from '@levelup/web-kit/testing';
import { SIGN_UP_PRIVACY_NOTE } from '@levelup/contracts';
import { AppRoutes } from '../../app/app-routes.tsx';

const signedOut = { 'GET /api/user/profile': unauthorized };

async function openTab(name: 'Sign In' | 'Sign Up') {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('tab', { name }));
  return { user, panel: screen.getByRole('tabpanel', { name }) };
}

describe('auth page', () => {
  it('when Sign In is submitted empty, then the contract messages show under the fields', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Join the Community' })).toBeInTheDocument();
    const { user, panel } = await openTab('Sign In');
    await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
    expect(await within(panel).findByText('Username is required')).toBeInTheDocument();
    expect(within(panel).getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('when Sign Up is submitted with bad values, then each field shows its contract message', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    const { user, panel } = await openTab('Sign Up');
    await user.type(within(panel).getByLabelText('Username'), 'ab');
    await user.type(within(panel).getByLabelText('Email'), 'not-an-email');
    await user.type(within(panel).getByLabelText('Password'), '123');
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    expect(await within(panel).findByText('Display name is required')).toBeInTheDocument();
    expect(within(panel).getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(panel).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(panel).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    // What the community will see of a new member's completions, said before they create the account.
    expect(within(panel).getByText(SIGN_UP_PRIVACY_NOTE)).toBeInTheDocument();
  });

  it('when sign-in is refused, then "Login failed" shows the server message and the page stays', async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'invalid_credentials', message: 'Invalid username or password' } },
      },
    });
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    const { user, panel } = await openTab('Sign In');
    await user.type(within(panel).getByLabelText('Username or Email'), 'ada');
    await user.type(within(panel).getByLabelText('Password'), 'wrong-password');
    await user.click(within(panel).getByRole('button', { name: 'Sign In' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('heading', { name: 'Join the Community' })).toBeInTheDocument();
  });

  it('when sign-up succeeds, then the browser time zone is sent and the new user lands on the dashboard route', async () => {
    let signedIn = false;
    const { calls } = mockFetch({
      'GET /api/user/profile': () => (signedIn ? { body: profileFixture() } : unauthorized),
      'POST /api/auth/register': () => {
        signedIn = true;
        return { status: 201, body: profileFixture({ displayName: 'Grace', username: 'grace' }) };
      },
    });
    renderWithProviders(
      <AppRoutes loader={() => Promise.resolve({ default: () => <h1>Dashboard stub</h1> })} />,
      { route: '/auth' },
    );
    const { user, panel } = await openTab('Sign Up');
    await user.type(within(panel).getByLabelText('Display Name'), 'Grace');
    await user.type(within(panel).getByLabelText('Username'), 'grace');
    await user.type(within(panel).getByLabelText('Email'), 'grace@example.com');
    await user.type(within(panel).getByLabelText('Password'), 'secret-123');
    await user.click(within(panel).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    const register = calls.find((c) => c.path === '/api/auth/register');
    expect(register?.body).toMatchObject({
      displayName: 'Grace',
      username: 'grace',
      email: 'grace@example.com',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('when a signed-in user opens /auth, then they are sent to the dashboard', async () => {
    mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
    renderWithProviders(
      <AppRoutes loader={() => Promise.resolve({ default: () => <h1>Dashboard stub</h1> })} />,
      { route: '/auth' },
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Join the Community' })).not.toBeInTheDocument(),
    );
  });

  it('when external sign-in comes back with a notice, then the page says why; an unknown notice says nothing', async () => {
    mockFetch(signedOut);
    const { unmount } = renderWithProviders(<AppRoutes />, {
      route: '/auth?notice=external-unavailable',
    });
    expect(await screen.findByRole('heading', { name: 'Join the Community' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'External sign-in is not set up on this server.',
    );
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/auth?notice=<script>' });
    expect(await screen.findByRole('heading', { name: 'Join the Community' })).toBeInTheDocument();
    expect(screen.queryByText(/External sign-in/)).not.toBeInTheDocument();
  });

  it('when the server has an external provider, then the page offers it; without one, only the password forms', async () => {
    mockFetch({ ...signedOut, 'GET /api/login/options': { body: { externalSignIn: true } } });
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/auth' });
    expect(
      await screen.findByRole('button', { name: 'Continue with an external sign-in provider' }),
    ).toBeInTheDocument();
    unmount();
    mockFetch({ ...signedOut, 'GET /api/login/options': { body: { externalSignIn: false } } });
    renderWithProviders(<AppRoutes />, { route: '/auth' });
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Continue with an external sign-in provider' }),
    ).not.toBeInTheDocument();
  });
});
