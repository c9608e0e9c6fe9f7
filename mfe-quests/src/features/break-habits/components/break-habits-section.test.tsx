import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BreakHabit } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { BreakHabitsSection } from './break-habits-section.tsx';

function habitFixture(overrides: Partial<BreakHabit> = {}): BreakHabit {
  return {
    id: '65a000000000000000000001',
    title: 'Smoke',
    description: '',
    tags: [],
    startDate: '2026-11-10',
    today: '2026-11-22',
    daysWithoutSlip: 12,
    bestRun: 12,
    slipsLast7Days: 0,
    slipsLast30Days: 0,
    totalSlips: 0,
    lastSlipDate: null,
    history: [],
    createdAt: '2026-11-10T09:00:00.000Z',
    ...overrides,
  };
}

describe('habits to break', () => {
  it(
    'when there are none, then the empty state says what they are and that slips move no XP',
    { timeout: 60_000 },
    async () => {
      mockFetch({
        'GET /api/user/profile': { body: profileFixture() },
        'GET /api/quests/break-habits': { body: [] },
      });
      renderWithProviders(<BreakHabitsSection />);
      expect(await screen.findByText(/No habits to break yet/)).toHaveTextContent(
        'Slips earn no XP and take none away.',
      );
      expect(screen.getByRole('button', { name: 'New habit to break' })).toBeInTheDocument();
    },
  );

  it('when Slipped is tapped, then the counts show as text, the toast says no XP, and its Undo takes that day’s slip back', async () => {
    let habit = habitFixture();
    const slipped = habitFixture({
      daysWithoutSlip: 0,
      slipsLast7Days: 1,
      slipsLast30Days: 1,
      totalSlips: 1,
      lastSlipDate: '2026-11-22',
      history: [{ date: '2026-11-22', slips: 1 }],
    });
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/break-habits': () => ({ body: [habit] }),
      [`POST /api/quests/break-habits/${habit.id}/slips`]: () => {
        habit = slipped;
        return { body: slipped };
      },
      [`POST /api/quests/break-habits/${habit.id}/slips/2026-11-22/undo`]: () => {
        habit = habitFixture();
        return { body: habit };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BreakHabitsSection />);
    const card = await screen.findByRole('group', { name: 'Smoke' });
    expect(within(card).getByText('12 days without a slip')).toBeInTheDocument();
    expect(
      within(card).getByText('Best: 12 days · Slips in the last 7 days: 0'),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Slipped: Smoke' }));
    expect(await screen.findByText('Slip recorded.')).toBeInTheDocument();
    expect(
      within(screen.getByText('Slip recorded.').closest('.ant-notification-notice')!).getByText(
        'Slips earn no XP and take none away.',
      ),
    ).toBeInTheDocument();
    expect(await within(card).findByText('0 days without a slip')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Slip undone')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByText('12 days without a slip')).toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/quests/break-habits/${habit.id}/slips`,
      `/api/quests/break-habits/${habit.id}/slips/2026-11-22/undo`,
    ]);
  }, 60_000);

  it('when a habit to break is made with two tags, then they are sent in one spelling each and its card shows them; Edit starts from them', async () => {
    let habits: BreakHabit[] = [];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/break-habits': () => ({ body: habits }),
      'POST /api/quests/break-habits': () => {
        habits = [habitFixture({ title: 'Doomscroll', tags: ['evening', 'phone'] })];
        return { status: 201, body: habits[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BreakHabitsSection />);
    await user.click(await screen.findByRole('button', { name: 'New habit to break' }));
    const dialog = await screen.findByRole('dialog', { name: 'New habit to break' });
    await user.type(within(dialog).getByLabelText('Title'), 'Doomscroll');
    await user.type(within(dialog).getByLabelText('Tags'), 'evening,phone,Evening,');
    await user.click(within(dialog).getByRole('button', { name: 'Add habit to break' }));

    const card = await screen.findByRole('group', { name: 'Doomscroll' });
    const shown = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(shown.map((tag) => tag.textContent)).toEqual(['evening', 'phone']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Doomscroll',
      description: '',
      tags: ['evening', 'phone'],
    });
    await user.click(within(card).getByRole('button', { name: 'Edit: Doomscroll' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit habit to break' });
    expect(within(edit).getByText('evening')).toBeInTheDocument();
    expect(within(edit).getByText('phone')).toBeInTheDocument();
  }, 60_000);
});
