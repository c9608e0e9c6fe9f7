import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BACKFILL_RULE,
  habitStats,
  measureStats,
  type HabitOccurrence,
  type HabitStatsResponse,
  type Measure,
  type Occurrence,
} from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';
import { occurrenceFixture, seriesFixture } from '../../../test/fixtures.ts';

const done = (scheduledFor: string, completionType: HabitOccurrence['completionType']) => ({
  scheduledFor,
  completionType,
  isCompleted: completionType === 'completed',
  skipped: false,
});

const HISTORY = [
  done('2026-11-02', 'completed'),
  done('2026-11-03', 'completed'),
  done('2026-11-04', 'partial'),
  done('2026-11-07', 'completed'),
  done('2026-11-09', 'completed'),
];

/** A daily habit's statistics, computed by the contract's rules from nine days of history. */
function statsFixture(history: HabitOccurrence[] = HISTORY): HabitStatsResponse {
  const { frequency, ...stats } = habitStats(
    {
      recurrenceType: 'daily',
      recurrenceInterval: 1,
      weeklyPattern: null,
      startDate: '2026-11-02',
      endDate: null,
    },
    history,
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

/**
 * The habit page of a habit measured by `measure`, with these amounts as of 10 Nov 2026: its Target
 * section.
 */
async function openTarget(measure: Measure, amounts: HabitOccurrence[]) {
  const stats = { ...statsFixture(), measured: measureStats(measure, amounts, '2026-11-10') };
  mockFetch({
    'GET /api/user/profile': { body: profileFixture() },
    'GET /api/quests/recurring/s1/stats': { body: stats },
  });
  renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
  return await screen.findByRole('region', { name: 'Target' });
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
    // A done-or-not habit has no Target section.
    expect(screen.queryByRole('region', { name: 'Target' })).not.toBeInTheDocument();
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
    const target = await openTarget({ rule: 'at_least', target: 20, unit: 'pages' }, [
      { ...done('2026-11-08', 'partial'), amount: 12 },
      { ...done('2026-11-09', 'completed'), amount: 25 },
    ]);
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

  it('when a habit has a per-week target, then its Target section counts weeks, with a table of week totals where this week is not yet missed', async () => {
    const target = await openTarget({ rule: 'at_least', target: 20, unit: 'km', period: 'week' }, [
      { ...done('2026-10-28', 'partial'), amount: 3 },
      { ...done('2026-11-02', 'partial'), amount: 12 },
      { ...done('2026-11-04', 'completed'), amount: 10 },
      { ...done('2026-11-09', 'partial'), amount: 5.333 },
    ]);
    expect(within(target).getByText('At least 20 km a week')).toBeInTheDocument();
    expect(
      within(target).getByText(
        'Last 12 weeks: target kept in 1 of 3 weeks with an amount; 10.1 km a week on average.',
      ),
    ).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Show as table: Week totals' }));
    const table = screen.getByRole('table', { name: 'Week totals of the last 12 weeks' });
    expect(
      within(table).getByRole('row', { name: '2 Nov 2026 22 / 20 km Kept' }),
    ).toBeInTheDocument();
    // Today (10 Nov) is in the week of 9 Nov: under the target so far, but not over.
    expect(
      within(table).getByRole('row', { name: '9 Nov 2026 5.333 / 20 km Not yet' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: '26 Oct 2026 3 / 20 km Missed' }),
    ).toBeInTheDocument();
  });

  it("when a measured habit's amounts end months ago (an imported history), then the Target section names the last one", async () => {
    const target = await openTarget({ rule: 'at_least', target: 20, unit: 'pages' }, [
      { ...done('2025-03-04', 'partial'), amount: 12 },
    ]);
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

/** The habit's days of the back-fill window (2026-11-03 to today, 2026-11-10) as the server lists them. */
const windowDays = (over: (date: string) => Partial<Occurrence> = () => ({})) =>
  ['03', '04', '05', '06', '07', '08', '09', '10'].map((d) => {
    const date = `2026-11-${d}`;
    return occurrenceFixture({ id: `o${d}`, scheduledFor: date, ...over(date) });
  });

/** The URL of each request to a path (the mock records paths without their query). */
const urlsOf = (fetchMock: ReturnType<typeof mockFetch>['fetchMock'], path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://x'))
    .filter((url) => url.pathname === path);

describe("habit page's recent days", () => {
  it('when a habit is opened, then it lists the days that can be filled in, newest first, with the rule line', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': { body: statsFixture() },
      // Another routine's day of the same range is not this habit's.
      'GET /api/quests/occurrences': {
        body: [...windowDays(), occurrenceFixture({ id: 'x', seriesId: 's2', title: 'Run' })],
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    const section = await screen.findByRole('region', { name: 'Recent days' });
    const days = await within(section).findByRole('list', { name: 'Recent days' });
    expect(
      within(days)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([
      'Today',
      'Yesterday',
      'Sun 8 Nov',
      'Sat 7 Nov',
      'Fri 6 Nov',
      'Thu 5 Nov',
      'Wed 4 Nov',
      'Tue 3 Nov',
    ]);
    const yesterday = within(days).getByRole('group', { name: "How'd it go? Yesterday" });
    expect(
      within(yesterday)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(["Didn't Complete", 'Kinda Sorta', 'Completed']);
    expect(within(section).getByText(BACKFILL_RULE)).toBeInTheDocument();
    const [read] = urlsOf(fetchMock, '/api/quests/occurrences');
    expect(read?.searchParams.get('startDate')).toBe('2026-11-03');
    expect(read?.searchParams.get('endDate')).toBe('2026-11-10');
  });

  it('when Completed is pressed for yesterday, then that day is filled in once and the strength is read again', async () => {
    const missedYesterday = HISTORY.filter((o) => o.scheduledFor !== '2026-11-09');
    let filled = false;
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': () => ({
        body: statsFixture(filled ? HISTORY : missedYesterday),
      }),
      'GET /api/quests/occurrences': () => ({
        body: windowDays((date) =>
          filled && date === '2026-11-09' ? { isCompleted: true, completionType: 'completed' } : {},
        ),
      }),
      'PUT /api/quests/recurring/s1/days/2026-11-09': () => {
        filled = true;
        return {
          body: {
            ...occurrenceFixture({
              id: 'o09',
              scheduledFor: '2026-11-09',
              isCompleted: true,
              completionType: 'completed',
            }),
            xpDelta: 30,
          },
        };
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    const strength = await screen.findByRole('region', { name: 'Strength' });
    // Yesterday missed: 0.147679 after the 8th, x 0.948078 = 0.140011.
    expect(within(strength).getByText('14%')).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Yesterday' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Completed' }));
    // Yesterday done: 0.191933, as in the first test.
    expect(await within(strength).findByText('19%')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: 'Completed' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/api/quests/recurring/s1/days/2026-11-09',
        body: { completionType: 'completed', progressNotes: null },
      },
    ]);
    expect(calls.filter((c) => c.path === '/api/quests/recurring/s1/stats')).toHaveLength(2);
  });

  it("when the habit is measured, then a past day takes the day's amount", async () => {
    const measure = { rule: 'at_least' as const, target: 20, unit: 'pages' };
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests/recurring/s1/stats': { body: statsFixture() },
      'GET /api/quests/occurrences': {
        body: windowDays(() => ({ title: 'Read', measure, amount: null })),
      },
      'PUT /api/quests/recurring/s1/days/2026-11-09/amount': {
        body: {
          ...occurrenceFixture({ title: 'Read', measure, amount: 25, isCompleted: true }),
          completionType: 'completed',
          xpDelta: 30,
        },
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests/habits/s1' });
    const row = await screen.findByRole('listitem', { name: 'Yesterday' });
    const form = within(row).getByRole('form', { name: 'Amount for Yesterday' });
    expect(within(row).queryByRole('group')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.type(
      within(form).getByRole('spinbutton', { name: 'Amount in pages: Yesterday' }),
      '25',
    );
    await user.click(within(form).getByRole('button', { name: 'Save amount: Yesterday' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: '/api/quests/recurring/s1/days/2026-11-09/amount',
          body: { amount: 25 },
        },
      ]),
    );
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
