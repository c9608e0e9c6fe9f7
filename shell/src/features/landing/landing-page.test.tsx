import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CO_FOCUS_BONUS_RULE } from '@levelup/contracts';
import { renderWithProviders } from '@levelup/web-kit/testing';
import { SAMPLE_QUESTS, SAMPLE_QUEST_ROTATION_MS } from './landing-content.ts';
import { PRERENDERED_DEMO_ID } from './how-it-works-dialog.tsx';
import { LandingPage } from './landing-page.tsx';

describe('landing page', () => {
  afterEach(() => vi.useRealTimers());

  it('when a visitor opens it, then the hero, stats, feature cards, showcase, sample quest and beta banner show', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { name: 'Level Up Your Life.' })).toBeInTheDocument();
    expect(screen.getByText('Gamified Life Organization')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Start Your First Quest or Sign In' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See How It Works' })).toBeInTheDocument();
    for (const title of [
      'Smart Dashboard',
      'Character Progression',
      'Achievement Tracking',
      'XP & Level System',
    ])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Level Up in numbers' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Achievements to earn' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Early access beta');
    expect(screen.getByText(SAMPLE_QUESTS[0].title)).toBeInTheDocument();
  });

  it('when time passes, then the sample quest rotates, and Pause stops it', () => {
    vi.useFakeTimers();
    renderWithProviders(<LandingPage />);
    act(() => vi.advanceTimersByTime(SAMPLE_QUEST_ROTATION_MS));
    expect(screen.getByText(SAMPLE_QUESTS[1].title)).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Pause examples' }).click());
    act(() => vi.advanceTimersByTime(SAMPLE_QUEST_ROTATION_MS * 3));
    expect(screen.getByText(SAMPLE_QUESTS[1].title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play examples' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when See How It Works is used, then the demo completes a quest with an XP burst and levels up', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LandingPage />);
    await user.click(screen.getByRole('link', { name: 'See How It Works' }));
    const dialog = await screen.findByRole('dialog', { name: 'See How It Works' });
    expect(within(dialog).getByText('Level 1')).toBeInTheDocument();
    expect(within(dialog).getByText('80 / 100 XP')).toBeInTheDocument();
    // Where XP is explained, so is the co-focus bonus of body-doubling sessions.
    expect(within(dialog).getByText(CO_FOCUS_BONUS_RULE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete quest' }));
    expect(within(dialog).getByText('Level Up!')).toBeInTheDocument();
    expect(within(dialog).getByText('Level 2')).toBeInTheDocument();
    expect(within(dialog).getByText('20 / 200 XP')).toBeInTheDocument();
    expect(within(dialog).getByText(/Quest completed: \+40 XP\. Level Up!/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Completed' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByText('80 / 100 XP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('when the page is opened with #how-it-works (the prerendered page’s link was pressed), then the dialog is open and the prerendered copy is gone', () => {
    const copy = document.createElement('dialog');
    copy.id = PRERENDERED_DEMO_ID;
    document.body.append(copy);
    window.history.replaceState(null, '', '/#how-it-works');
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('dialog', { name: 'See How It Works' })).toHaveAttribute('open');
    expect(document.getElementById(PRERENDERED_DEMO_ID)).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('when prerendered, then the demo buttons wait for the app and the dialog is closed', () => {
    renderWithProviders(<LandingPage prerendered />);
    const dialog = document.getElementById(PRERENDERED_DEMO_ID);
    expect(dialog).not.toHaveAttribute('open');
    expect(
      within(dialog!).getByRole('button', { name: 'Complete quest', hidden: true }),
    ).toBeDisabled();
  });
});
