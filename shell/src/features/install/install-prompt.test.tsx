import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@levelup/web-kit/testing';
import {
  INSTALL_DISMISS_MS,
  INSTALL_DISMISSED_KEY,
  IOS_HINT_DELAY_MS,
  InstallPrompt,
} from './install-prompt.tsx';

function fireInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('install prompt', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when the browser offers installing, then Install shows and prompts, and an accepted install hides it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InstallPrompt />);
    expect(
      screen.queryByRole('complementary', { name: 'Install Level Up' }),
    ).not.toBeInTheDocument();
    const event = fireInstallPrompt('accepted');
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalled();
    expect(
      screen.queryByRole('complementary', { name: 'Install Level Up' }),
    ).not.toBeInTheDocument();
  });

  it('when Not now is chosen, then it hides and stays hidden for 7 days', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithProviders(<InstallPrompt />);
    fireInstallPrompt();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<InstallPrompt />);
    fireInstallPrompt();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('when the dismissal is older than 7 days, then it is offered again', () => {
    window.localStorage.setItem(
      INSTALL_DISMISSED_KEY,
      String(Date.now() - INSTALL_DISMISS_MS - 1000),
    );
    renderWithProviders(<InstallPrompt />);
    fireInstallPrompt();
    expect(screen.getByRole('complementary', { name: 'Install Level Up' })).toBeInTheDocument();
  });

  it('when the visitor is on iOS, then manual instructions show after 5 seconds', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    });
    renderWithProviders(<InstallPrompt />);
    act(() => vi.advanceTimersByTime(IOS_HINT_DELAY_MS - 100));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText(/tap the Share button, then .Add to Home Screen./)).toBeInTheDocument();
  });

  it('when the app already runs installed, then nothing is offered', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    renderWithProviders(<InstallPrompt />);
    fireInstallPrompt();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
