import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { questFixture } from '../../../test/fixtures.ts';
import QuickWinDialog from './quick-win-dialog.tsx';

describe('quick win', () => {
  it('when a non-breathing quick win is done, then it needs context text, asks how it went and whether to make it daily, then creates and completes the quest', async () => {
    const created = questFixture({ id: 'qw', title: 'Drink a Glass of Water', xpReward: 5 });
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ xp: 1000 }) },
      'POST /api/quests': { status: 201, body: created },
      'POST /api/quests/qw/complete': {
        body: { ...created, isCompleted: true, completionType: 'completed', xpDelta: 5 },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuickWinDialog open onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Quick Win' })).toBeInTheDocument();
    expect(await screen.findByText('Skilled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Drink a Glass of Water/ }));
    const start = await screen.findByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await user.type(screen.getByLabelText("What's on your mind?"), 'Long meeting');
    await user.click(start);
    await user.click(await screen.findByRole('button', { name: 'Crushed It' }));
    expect(await screen.findByText('Nice work! Make it daily?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('You earned 5 XP!')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /api/quests', 'POST /api/quests/qw/complete']),
    );
    expect(calls.some((c) => c.path === '/api/quests/recurring')).toBe(false);
  });

  it('when the breathing demo starts, then it runs without text and the breathing step shows', async () => {
    mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuickWinDialog open onClose={() => {}} />);
    expect(await screen.findByText('Novice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Guided Breathing/ }));
    await user.click(await screen.findByRole('button', { name: 'Start Breathing' }));
    expect(await screen.findByText('Breathe in slowly...')).toBeInTheDocument();
  });

  it("when creating fails, then 'Failed to create quest' shows", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'POST /api/quests': { status: 500, body: { error: { code: 'x', message: 'x' } } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuickWinDialog open onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /Tidy Your Desk/ }));
    await user.type(screen.getByLabelText("What's on your mind?"), 'Messy');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('button', { name: "Didn't Complete" }));
    expect(await screen.findByText('Failed to create quest')).toBeInTheDocument();
  });
});
