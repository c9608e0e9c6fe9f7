import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@levelup/web-kit';
import { renderWithProviders } from '@levelup/web-kit/testing';
import { ThemeToggle } from './theme-toggle.tsx';

describe('theme toggle', () => {
  it('when the toggle is pressed, then the theme goes light, then dark, and the choice survives a new visit', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Theme: System. Switch to Light' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Theme: Light. Switch to Dark' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    first.unmount();
    renderWithProviders(<ThemeToggle />);
    expect(
      screen.getByRole('button', { name: 'Theme: Dark. Switch to System' }),
    ).toBeInTheDocument();
  });
});
