import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BACKFILL_RULE, addDays, localDate } from '@levelup/contracts';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  type MockRoute,
} from '@levelup/web-kit/testing';
import CalendarView from './calendar-view.tsx';

const today = localDate(new Date(), 'Europe/London');
const yesterday = addDays(today, -1);
const month = today.slice(0, 7);

/** 'Friday, November 20', as the day buttons and the detail name a day. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Opens a day of this month or the one before. */
async function openDay(user: ReturnType<typeof userEvent.setup>, date: string) {
  await screen.findByRole('button', { name: 'Previous month' });
  if (date.slice(0, 7) !== month)
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${longDate(date)}:`) }));
  return screen.getByRole('region', { name: `Activity on ${longDate(date)}` });
}

/** Renders the calendar and opens this day's detail. */
async function renderAndOpen(date: string) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<CalendarView />);
  return { user, detail: await openDay(user, date) };
}

/** A month with no activity, with `routes` added or replaced. */
const calendarRoutes = (routes: Record<string, MockRoute> = {}): Record<string, MockRoute> => ({
  'GET /api/user/profile': { body: profileFixture() },
  'GET /api/dashboard/calendar': { body: {} },
  ...routes,
});

/** Yesterday's detail as the server answers it: these routines' days and quests, to fill in. */
const yesterdayHolds = (occurrences: unknown[], quests: unknown[] = []) => ({
  body: { date: yesterday, canFillIn: true, occurrences, quests },
});

const occurrence = (over: Record<string, unknown>) => ({
  id: 'o1',
  seriesId: 's1',
  title: 'Stretch',
  description: '',
  difficulty: 'medium',
  xpReward: 50,
  timeEstimate: null,
  category: null,
  timeOfDay: 'anytime',
  scheduledFor: addDays(today, -1),
  isCompleted: false,
  completionType: 'not_completed',
  progressNotes: null,
  partialXpEarned: 0,
  completedAt: null,
  hiddenFromDashboard: false,
  skipped: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const quest = (over: Record<string, unknown>) => ({
  id: 'q1',
  title: 'Call the bank',
  description: '',
  difficulty: 'easy',
  xpReward: 20,
  timeEstimate: null,
  category: null,
  timeOfDay: 'anytime',
  growthPath: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  dueDate: null,
  scheduledTime: null,
  isRecurring: false,
  isCompleted: false,
  completionType: 'not_completed',
  completedAt: null,
  streak: 0,
  tags: [],
  seriesId: null,
  ...over,
});

describe('Calendar View', () => {
  it('when a day has activity, then its label carries the tooltip text and a star, and selecting it shows the detail with Total XP', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/dashboard/calendar': {
        body: {
          [`${month}-03`]: {
            questsCompleted: 2,
            goalsCompleted: [{ id: 'g1', title: 'Run a 5k' }],
            lifeTasksCompleted: 1,
            totalXp: 60,
            maintenanceXp: 2,
          },
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CalendarView />);
    const day = await screen.findByRole('button', {
      name: /3: 2 quests, 1 goals, 1 life tasks, star day$/,
    });
    expect(screen.getAllByRole('button', { name: /No activity$/ }).length).toBeGreaterThan(20);
    await user.click(day);
    const detail = screen.getByRole('region', { name: /^Activity on/ });
    expect(within(detail).getByText('Total XP: 62')).toBeInTheDocument();
    expect(within(detail).getByText(/Run a 5k/)).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: "This Month's Summary" });
    expect(within(summary).getByText('62')).toBeInTheDocument();
    expect(within(summary).getByText('Goals achieved')).toBeInTheDocument();
  });

  it('when a quiet day is selected, then it says "No activity recorded"', async () => {
    mockFetch(calendarRoutes());
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CalendarView />);
    await user.click((await screen.findAllByRole('button', { name: /No activity$/ }))[0]!);
    expect(screen.getByText('No activity recorded')).toBeInTheDocument();
  });

  it('when yesterday is opened, then its routine and its quest offer the three states, each filling in that day, with the rule line', async () => {
    const { calls } = mockFetch(
      calendarRoutes({
        [`GET /api/quests/days/${yesterday}`]: yesterdayHolds([occurrence({})], [quest({})]),
        [`PUT /api/quests/recurring/s1/days/${yesterday}`]: {
          body: { ...occurrence({ isCompleted: true, completionType: 'completed' }), xpDelta: 50 },
        },
        [`PUT /api/quests/q1/days/${yesterday}`]: {
          body: { ...quest({ isCompleted: true, completionType: 'completed' }), xpDelta: 20 },
        },
      }),
    );
    const { user, detail } = await renderAndOpen(yesterday);
    expect(await within(detail).findByText(BACKFILL_RULE)).toBeInTheDocument();
    const routine = within(detail).getByRole('group', { name: "How'd it go? Stretch" });
    expect(
      within(routine)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(["Didn't Complete", 'Kinda Sorta', 'Completed']);
    await user.click(within(routine).getByRole('button', { name: 'Completed' }));
    const questChoices = within(detail).getByRole('group', { name: "How'd it go? Call the bank" });
    const complete = within(questChoices).getByRole('button', { name: 'Completed' });
    await waitFor(() => expect(complete).toBeEnabled());
    await user.click(complete);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      {
        method: 'PUT',
        path: `/api/quests/recurring/s1/days/${yesterday}`,
        body: { completionType: 'completed', progressNotes: null },
      },
      {
        method: 'PUT',
        path: `/api/quests/q1/days/${yesterday}`,
        body: { completionType: 'completed', progressNotes: null },
      },
    ]);
  });

  it('when a one-time quest of yesterday is set to Kinda Sorta, then it is filled in as partial once and shows Partial', async () => {
    const { calls } = mockFetch(
      calendarRoutes({
        [`GET /api/quests/days/${yesterday}`]: () =>
          yesterdayHolds(
            [],
            [
              calls.some((c) => c.method === 'PUT')
                ? quest({ isCompleted: true, completionType: 'partial' })
                : quest({}),
            ],
          ),
        [`PUT /api/quests/q1/days/${yesterday}`]: {
          body: { ...quest({ isCompleted: true, completionType: 'partial' }), xpDelta: 10 },
        },
      }),
    );
    const { user, detail } = await renderAndOpen(yesterday);
    const row = await within(detail).findByRole('listitem', { name: 'Call the bank' });
    const choices = within(row).getByRole('group', { name: "How'd it go? Call the bank" });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(["Didn't Complete", 'Kinda Sorta', 'Completed']);
    await user.click(within(choices).getByRole('button', { name: 'Kinda Sorta' }));
    expect(await within(row).findByText('Partial')).toBeInTheDocument();
    expect(within(choices).getByRole('button', { name: 'Kinda Sorta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/quests/q1/days/${yesterday}`,
        body: { completionType: 'partial', progressNotes: null },
      },
    ]);
  });

  it("when yesterday's measurable routine is opened, then it asks for the day's amount and fills it in", async () => {
    const measure = { rule: 'at_least' as const, target: 20, unit: 'pages' };
    const { calls } = mockFetch(
      calendarRoutes({
        [`GET /api/quests/days/${yesterday}`]: yesterdayHolds([
          occurrence({ title: 'Read', measure, amount: null }),
        ]),
        [`PUT /api/quests/recurring/s1/days/${yesterday}/amount`]: {
          body: {
            ...occurrence({ title: 'Read', measure, amount: 25, isCompleted: true }),
            completionType: 'completed',
            xpDelta: 50,
          },
        },
      }),
    );
    const { user, detail } = await renderAndOpen(yesterday);
    const form = await within(detail).findByRole('form', { name: 'Amount for Read' });
    expect(form).toHaveTextContent('At least 20 pages a day · — / 20 pages');
    expect(within(detail).queryByRole('group', { name: "How'd it go? Read" })).toBeNull();
    await user.type(within(form).getByRole('spinbutton', { name: 'Amount in pages: Read' }), '25');
    await user.click(within(form).getByRole('button', { name: 'Save amount: Read' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/api/quests/recurring/s1/days/${yesterday}/amount`,
        body: { amount: 25 },
      }),
    );
  });

  it("when yesterday's per-week routine is opened, then it shows the week's total so far and asks for the day's amount", async () => {
    const measure = { rule: 'at_least' as const, target: 100, unit: 'km', period: 'week' as const };
    mockFetch(
      calendarRoutes({
        [`GET /api/quests/days/${yesterday}`]: yesterdayHolds([
          occurrence({ title: 'Run', measure, amount: 10, weekTotal: 45 }),
        ]),
      }),
    );
    const { detail } = await renderAndOpen(yesterday);
    const form = await within(detail).findByRole('form', { name: 'Amount for Run' });
    expect(form).toHaveTextContent('At least 100 km a week · 45 / 100 km this week');
    expect(
      within(form).getByRole('spinbutton', { name: 'Amount for the day in km: Run' }),
    ).toHaveValue('10');
  });

  it('when a day 8 days back is opened, then it is read-only with the rule line', async () => {
    const old = addDays(today, -8);
    const { calls } = mockFetch(calendarRoutes());
    const { detail } = await renderAndOpen(old);
    expect(within(detail).getByText(BACKFILL_RULE)).toBeInTheDocument();
    expect(within(detail).queryAllByRole('button')).toEqual([]);
    expect(calls.some((c) => c.path.startsWith('/api/quests/days/'))).toBe(false);
  });

  it('when the calendar cannot load, then "Calendar Unavailable" shows with the toast', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/dashboard/calendar': { status: 500, body: { error: { code: 'x', message: 'x' } } },
    });
    renderWithProviders(<CalendarView />);
    expect(await screen.findByText('Calendar Unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Please try selecting a different month')).toBeInTheDocument();
  });
});
