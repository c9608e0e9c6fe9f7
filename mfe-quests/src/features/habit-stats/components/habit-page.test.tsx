import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  habitStats,
  measureStats,
  type HabitOccurrence,
  type HabitStatsResponse,
} from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';
import { seriesFixture } from '../../../test/fixtures.ts';

const done = (scheduledFor: string, completionType: HabitOccurrence['completionType']) => ({
  scheduledFor,
  completionType,
  isCompleted: completionType === 'completed',
  skipped: false,
});

/** A daily habit's statistics, computed by the contract's rules from nine days of history. */
function statsFixture(): HabitStatsResponse {
  const { frequency, ...stats } = habitStats(
    {
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      startDate: '2026-11-02',
      endDate: null,
    },
    [
      done('2026-11-02', 'completed'),
      done('2026-11-03', 'completed'),
      done('2026-11-04', 'partial'),
      done('2026-11-07', 'completed'),
      done('2026-11-09', 'completed'),
    ],
    '2026-11-10',
  );
  return {
    ...stats,
    series: {
      id: 's1',
      title: 'Meditate',
      category: null,
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      monthlyBy: 'day_of_month',
      startDate: '2026-11-02',
      isActive: true,
      frequency,
    },
  };
}

describe('habit page', () => {
  it('when a habit has history, then its strength, bars, best streaks and weekdays read as text and tables', async () => {
    const stats = statsFixture();
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': { body: stats },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    expect(await screen.findByRole('heading', { name: 'Meditate', level: 1 })).toBeInTheDocument();
    // m = 0.5 ^ (1/13) = 0.948078: 02 done 0.051922, 03 done 0.101148, 04 partial 0.121857,
    // 05 missed 0.115530, 06 missed 0.109532, 07 done 0.155767, 08 missed 0.147679, 09 done 0.191933.
    expect(stats.score).toBeCloseTo(0.191933, 5);
    const strength = screen.getByRole('region', { name: 'Strength' });
    expect(within(strength).getByText('19%')).toBeInTheDocument();
    expect(
      within(strength).getByText(/4 done, 1 partly done of 8 scheduled days/),
    ).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Show as table: Strength' }));
    const scoreTable = screen.getByRole('table', { name: 'Strength at the end of each week' });
    expect(within(scoreTable).getByRole('row', { name: '10 Nov 2026 19%' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Months' }));
    await user.click(screen.getByRole('button', { name: 'Show as table: Done per month' }));
    const months = screen.getByRole('table', { name: 'Days done per month' });
    expect(within(months).getByRole('row', { name: 'Nov 2026 4 1' })).toBeInTheDocument();

    const streaks = screen.getByRole('list', { name: 'Best streaks' });
    expect(within(streaks).getAllByRole('listitem')[0]).toHaveTextContent(
      '3 days2 Nov 2026 – 4 Nov 2026',
    );
    const weekdays = screen.getByRole('table', { name: 'Days done on each weekday' });
    expect(within(weekdays).getByRole('row', { name: /Mon 2 of 2/ })).toBeInTheDocument();
  });

  it('when a habit is measured, then its target progress reads as text and a table, and a done-or-not habit shows none', async () => {
    const measure = { rule: 'at_least' as const, target: 20, unit: 'pages' };
    const stats = {
      ...statsFixture(),
      measured: measureStats(
        measure,
        [
          { ...done('2026-11-08', 'partial'), amount: 12 },
          { ...done('2026-11-09', 'completed'), amount: 25 },
        ],
        '2026-11-10',
      ),
    };
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': { body: stats },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    const target = await screen.findByRole('region', { name: 'Target' });
    expect(within(target).getByText('At least 20 pages a day')).toBeInTheDocument();
    expect(
      within(target).getByText(
        'Last 30 days: target kept on 1 of 2 days with an amount; 18.5 pages a day on average.',
      ),
    ).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Show as table: Amounts' }));
    const table = screen.getByRole('table', { name: 'Amounts of the last 30 days' });
    expect(
      within(table).getByRole('row', { name: '8 Nov 2026 12 / 20 pages Missed' }),
    ).toBeInTheDocument();
  });

  it("when a measured habit's amounts end months ago (an imported history), then the Target section names the last one", async () => {
    const measure = { rule: 'at_least' as const, target: 20, unit: 'pages' };
    const stats = {
      ...statsFixture(),
      measured: measureStats(
        measure,
        [{ ...done('2025-03-04', 'partial'), amount: 12 }],
        '2026-11-10',
      ),
    };
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': { body: stats },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    const target = await screen.findByRole('region', { name: 'Target' });
    expect(
      within(target).getByText(
        'No amount entered in the last 30 days. The last one: 12 pages on 4 Mar 2025.',
      ),
    ).toBeInTheDocument();
  });

  it("when the habit is someone else's or gone, then it says so", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/nope/stats': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Recurring quest series not found' } },
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/nope' });
    expect(await screen.findByRole('heading', { name: 'Habit not found' })).toBeInTheDocument();
  });
});

describe('habits list', () => {
  it('lists every habit with its strength and leads to its page; the Quest Log links both', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
      'GET /api/quests/recurring': { body: [seriesFixture()] },
      'GET /api/quests/recurring/stats': {
        body: [
          {
            id: 's1',
            title: 'Meditate',
            category: null,
            recurrenceType: 'weekly',
            recurrenceInterval: 1,
            weeklyPattern: [1, 3],
            isActive: false,
            score: 0.426,
          },
        ],
      },
      'GET /api/quests/recurring/s1/stats': { body: statsFixture() },
      'GET /api/quests/break-habits': { body: [] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('link', { name: 'Statistics: Meditate' })).toHaveAttribute(
      'href',
      '/quests/habits/s1',
    );
    await user.click(screen.getByRole('link', { name: 'Habit statistics' }));
    const list = await screen.findByRole('list', { name: 'Habits' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('MeditateWeekly: Mon, WedPaused43%');
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '43');
    // The habits to break are on the same page, under the habits being built.
    expect(await screen.findByText(/No habits to break yet/)).toBeInTheDocument();
    await user.click(within(item).getByRole('link', { name: 'Meditate' }));
    expect(await screen.findByRole('heading', { name: 'Meditate', level: 1 })).toBeInTheDocument();
  });
});
