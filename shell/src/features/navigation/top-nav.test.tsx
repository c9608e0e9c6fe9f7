import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@levelup/web-kit';
import { profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { TopNav } from './top-nav.tsx';

const preloadLandingPage = vi.fn();
afterEach(() => preloadLandingPage.mockClear());

function renderSignedIn() {
  const view = renderWithProviders(<TopNav onLogoutIntent={preloadLandingPage} />);
  view.queryClient.setQueryData(profileQueryKey, profileFixture());
  return view;
}

describe('top navigation', () => {
  it('when a signed-in user reaches for Logout (pointer or keyboard), then the signed-out page starts loading before the press', async () => {
    const user = userEvent.setup({ delay: null });
    renderSignedIn();
    const logout = await screen.findByRole('button', { name: 'Logout' });
    expect(preloadLandingPage).not.toHaveBeenCalled();
    await user.hover(logout);
    expect(preloadLandingPage).toHaveBeenCalledTimes(1);
    logout.focus();
    expect(preloadLandingPage).toHaveBeenCalledTimes(2);
  });

  it("when a signed-in user opens the phone's menu (which holds Logout), then the signed-out page starts loading", async () => {
    const user = userEvent.setup({ delay: null });
    renderSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await waitFor(() => expect(preloadLandingPage).toHaveBeenCalledTimes(1));
  });
});
