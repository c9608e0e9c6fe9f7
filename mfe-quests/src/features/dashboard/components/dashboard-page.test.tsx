import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, type Occurrence } from '@levelup/contracts';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { profileFixture } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';
import { ONBOARDING_COMPLETED_KEY } from '../../../lib/onboarding.ts';
import {
  dashboardRoutes,
  occurrenceFixture,
  questFixture,
  seriesFixture,
  zeroOverview,
} from '../../../test/fixtures.ts';
import { holdWizardOffer } from '../../../test/wizard-offer.ts';

const day = (quests: unknown[], occurrences: unknown[] = []) => ({
  body: { quests, occurrences },
});

/** The startDate and endDate of each read of the occurrences (the mock records paths without their query). */
const occurrenceRanges = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://x'))
    .filter((url) => url.pathname === '/api/quests/occurrences')
    .map((url) => [url.searchParams.get('startDate'), url.searchParams.get('endDate')]);

/**
 * The dashboard with one measurable routine's day, `before`; saving its amount answers with `after`
 * as a Kinda Sorta day that earned 15 XP, and the day's read lists it so from then on.
 */
function mockAmountDay(
  before: Partial<Occurrence>,
  after: Partial<Occurrence>,
  profile?: { xp?: number },
) {
  let occurrence = occurrenceFixture(before);
  return mockFetch(
    dashboardRoutes(
      {
        'GET /api/quests/with-occurrences': () => day([], [occurrence]),
        'PUT /api/quests/occurrences/o1/amount': () => {
          occurrence = occurrenceFixture({
            ...after,
            isCompleted: true,
            completionType: 'partial',
            partialXpEarned: 15,
          });
          return { body: { ...occurrence, xpDelta: 15, completionEventId: 'e1' } };
        },
      },
      profile,
    ),
  );
}

/** A goal as svc-goals answers it (the dashboard parses it with the contract's goal schema). */
const dashboardGoal = (fields: Record<string, unknown>) => ({
  description: null,
  theme: 'health',
  cadence: 'weekly',
  color: '#3b82f6',
  icon: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  ...fields,
});

describe('dashboard', () => {
  it('when a brand-new user arrives, then the greeting, the welcome panel and the empty state show, and the wizard opens by itself', async () => {
    mockFetch(dashboardRoutes());
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, New Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create My First Quest' })).toBeInTheDocument();
    expect(await screen.findByText('No quests for today yet')).toBeInTheDocument();
    expect(
      await screen.findByRole('dialog', { name: 'What brings you here today?' }),
    ).toBeInTheDocument();
  });

  it('when onboarding is marked complete, then the wizard does not open by itself', async () => {
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
    mockFetch(dashboardRoutes());
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome, New Adventurer!' }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a new user opens the Quick Win before the wizard offers itself, then the wizard does not open over it', async () => {
    const offer = holdWizardOffer();
    try {
      mockFetch(dashboardRoutes());
      renderWithProviders(<QuestsRoutes />, { route: '/' });
      await userEvent.click(await screen.findByRole('button', { name: 'Try a Quick Win' }));
      expect(await screen.findByRole('dialog', { name: 'Quick Win' })).toBeInTheDocument();
      // The offer was set once the user was known to be new, and withdrawn when they chose: no timer
      // is left to open the wizard over the Quick Win.
      expect(offer.armed()).toBe(1);
      expect(offer.pending()).toBe(0);
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(screen.queryByText('What brings you here today?')).not.toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('when a returning user arrives, then the heading names their level and no welcome panel shows', async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests': { body: [questFixture()] },
          'GET /api/quests/with-occurrences': day([questFixture()]),
        },
        { xp: 350 },
      ),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Level 3 Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create My First Quest' })).not.toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: "Today's Quests (1)" })).toBeInTheDocument();
  });

  it("when today's quests answer last, then the page stays one placeholder until they are in, so no card grows after it shows", async () => {
    let answerDay = () => {};
    const dayHeld = new Promise<void>((resolve) => {
      answerDay = resolve;
    });
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests': { body: [questFixture()] },
          'GET /api/quests/with-occurrences': async () => {
            await dayHeld;
            return day([questFixture()]);
          },
        },
        { xp: 350 },
      ),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/dashboard' });
    // The placeholder's header (its page links) shows; every other read has answered by now.
    expect(await screen.findByRole('button', { name: 'View Quests' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Daily Management')).not.toBeInTheDocument();

    answerDay();
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Level 3 Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: "Today's Quests (1)" })).toBeInTheDocument();
  });

  it('when a quest is quick-completed, then the toast, the XP bar and the level move, and the level-up dialog opens', async () => {
    let xp = 90;
    let quest = questFixture();
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/user/profile': () => ({ body: profileFixture({ xp }) }),
          'GET /api/quests': () => ({ body: [quest] }),
          'GET /api/quests/with-occurrences': () => day([quest]),
          'POST /api/quests/q1/toggle': () => {
            xp = 110;
            quest = questFixture({
              isCompleted: true,
              completionType: 'completed',
              completedAt: '2026-11-22T09:00:00.000Z',
            });
            return { body: { ...quest, xpDelta: 20 } };
          },
        },
        { xp: 90 },
      ),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Level 1 Adventurer!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('90 / 100 XP')).toBeInTheDocument();

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Complete quest: Morning walk' }));

    expect(await screen.findByText('Quest Completed!')).toBeInTheDocument();
    expect(screen.getByText('You earned 20 XP!')).toBeInTheDocument();
    expect(await screen.findByText('10 / 200 XP')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Level Up!' });
    expect(
      within(dialog).getByRole('button', { name: 'Continue Your Journey' }),
    ).toBeInTheDocument();
    // No colour emoji, which draw as an empty box where no emoji font is installed: icons instead.
    expect(dialog.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    // The card's sparkle, shown for two seconds after the completion, likewise.
    expect(screen.getByRole('listitem', { name: 'Morning walk' }).textContent).not.toMatch(
      /\p{Extended_Pictographic}/u,
    );
    const item = screen.getByRole('listitem', { name: 'Morning walk' });
    expect(within(item).getByText('Done')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Complete quest/ })).not.toBeInTheDocument();
    expect(within(item).queryByText("How'd it go?")).not.toBeInTheDocument();
  });

  it('when an occurrence goes Kinda Sorta, then the feedback toast shows and the card says Partial', async () => {
    let occurrence = occurrenceFixture();
    const { calls } = mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/with-occurrences': () => day([], [occurrence]),
          'PATCH /api/quests/occurrences/o1/progress': () => {
            occurrence = occurrenceFixture({
              isCompleted: true,
              completionType: 'partial',
              partialXpEarned: 15,
            });
            return { body: { ...occurrence, xpDelta: 15 } };
          },
        },
        { xp: 500 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const item = await screen.findByRole('listitem', { name: 'Meditate' });
    await user.click(within(item).getByRole('button', { name: 'Kinda Sorta' }));
    expect(await screen.findByText('Progress is progress!')).toBeInTheDocument();
    expect(screen.getByText("You're building momentum - every step counts!")).toBeInTheDocument();
    expect(await within(item).findByText('Partial')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Kinda Sorta' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      completionType: 'partial',
      progressNotes: null,
    });
  });

  it('when a measurable routine gets an amount under its target, then the card sends it, says Kinda Sorta with the XP, shows the amount against the target and stays undimmed for more', async () => {
    const measure = { rule: 'at_least' as const, target: 20, unit: 'pages' };
    const { calls } = mockAmountDay(
      { title: 'Read', measure, amount: null },
      { title: 'Read', measure, amount: 12 },
      { xp: 500 },
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const item = await screen.findByRole('listitem', { name: 'Read' });
    expect(within(item).getByText('— / 20 pages')).toBeInTheDocument();
    // An amount replaces Complete and "How'd it go?".
    expect(within(item).queryByRole('button', { name: /Complete quest/ })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Kinda Sorta' })).not.toBeInTheDocument();
    await user.type(within(item).getByRole('spinbutton', { name: 'Amount in pages: Read' }), '12');
    await user.click(within(item).getByRole('button', { name: 'Save amount: Read' }));
    expect(await screen.findByText('Amount saved: 12 / 20 pages')).toBeInTheDocument();
    expect(screen.getByText('Counts as Kinda Sorta. You earned 15 XP!')).toBeInTheDocument();
    expect(await within(item).findByText('12 / 20 pages')).toBeInTheDocument();
    expect(within(item).getByText('Partial')).toBeInTheDocument();
    // Still being filled in: neither dimmed nor struck through, as a finished card is.
    expect(item).toHaveStyle({ opacity: '1' });
    expect(within(item).getByText('Read', { selector: 'strong' })).toHaveStyle({
      textDecoration: 'none',
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ amount: 12 });
  });

  it("when a per-week routine's day gets an amount, then the card asks for the day's amount and the card and toast show the week's total", async () => {
    const measure = { rule: 'at_least' as const, target: 100, unit: 'km', period: 'week' as const };
    const { calls } = mockAmountDay(
      { title: 'Run', measure, amount: null, weekTotal: 35 },
      { title: 'Run', measure, amount: 10, weekTotal: 45 },
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const item = await screen.findByRole('listitem', { name: 'Run' });
    expect(within(item).getByText('35 / 100 km this week')).toBeInTheDocument();
    await user.type(
      within(item).getByRole('spinbutton', { name: 'Amount for the day in km: Run' }),
      '10',
    );
    await user.click(within(item).getByRole('button', { name: 'Save amount: Run' }));
    expect(await screen.findByText('Amount saved: 45 / 100 km this week')).toBeInTheDocument();
    expect(await within(item).findByText('45 / 100 km this week')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ amount: 10 });
  });

  it('when something completed is visible, then Clear Completed shows and clearing says how many', async () => {
    let quests = [
      questFixture({ isCompleted: true, completionType: 'completed' }),
      questFixture({ id: 'q2', title: 'Read' }),
    ];
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/with-occurrences': () => day(quests),
          'POST /api/quests/clear-completed': () => {
            quests = quests.filter((q) => !q.isCompleted);
            return { body: { clearedCount: 1 } };
          },
        },
        { xp: 200 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    await user.click(await screen.findByRole('button', { name: 'Clear Completed' }));
    expect(await screen.findByText('Cleared Completed Quests')).toBeInTheDocument();
    expect(screen.getByText('1 completed quest(s) removed from dashboard.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Clear Completed' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('listitem', { name: 'Morning walk' })).not.toBeInTheDocument();
  });

  it("when the address holds a tag, and a state, then today's open quests and routines with the tag show (a routine by its series' tags), and closing Filter shows all again", async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/with-occurrences': day(
            [
              questFixture({ id: 'a', title: 'Read a chapter', tags: ['Books'] }),
              questFixture({ id: 'b', title: 'Laundry', tags: [] }),
              questFixture({
                id: 'c',
                title: 'Return the library book',
                tags: ['books'],
                isCompleted: true,
                completionType: 'completed',
              }),
            ],
            [occurrenceFixture({ id: 'o1', seriesId: 's1', title: 'Reading hour' })],
          ),
          'GET /api/quests/recurring': {
            body: [seriesFixture({ id: 's1', title: 'Reading hour', tags: ['books'] })],
          },
        },
        { xp: 200 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    // The state is chosen in the address here (the e2e spec chooses it in the bar).
    renderWithProviders(<QuestsRoutes />, { route: '/?tag=books&state=open' });
    expect(
      await screen.findByRole('search', { name: "Filter today's quests" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Reading hour' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Read a chapter' })).toBeInTheDocument();
    expect(
      screen.queryByRole('listitem', { name: 'Return the library book' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Laundry' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.queryByRole('search', { name: "Filter today's quests" })).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Laundry' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Return the library book' })).toBeInTheDocument();
  });

  it('when nothing completed is visible, then there is no Clear Completed, and the sections count what they hold', async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/with-occurrences': day([
            questFixture({ timeOfDay: 'morning', title: 'Stretch', id: 'a' }),
            questFixture({ timeOfDay: 'anytime', title: 'Laundry', id: 'b' }),
            questFixture({ timeOfDay: 'anytime', title: 'Groceries', id: 'c' }),
          ]),
        },
        { xp: 200 },
      ),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(await screen.findByText('1 Quest')).toBeInTheDocument();
    expect(screen.getByText('2 Quests')).toBeInTheDocument();
    expect(screen.getAllByText('0/2 completed')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Clear Completed' })).not.toBeInTheDocument();
  });

  it("when today's quests fail to load, then 'Failed to load quests' shows with the reason and Try Again", async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/with-occurrences': {
            status: 500,
            body: { error: { code: 'x', message: 'boom' } },
          },
        },
        { xp: 200 },
      ),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(await screen.findByText('Failed to load quests')).toBeInTheDocument();
    expect(screen.getByText('Unable to load your quest data at this time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('when the Active Goals tab is chosen, then active goals show with their XP', async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/dashboard/overview': {
            body: { ...zeroOverview, totalXpEarned: 150, completedGoalsCount: 2 },
          },
          'GET /api/goals': {
            body: [
              dashboardGoal({
                id: 'g1',
                title: 'Run a 5k',
                difficulty: 'medium',
                currentXp: 120,
                targetXp: 300,
                status: 'active',
              }),
              dashboardGoal({
                id: 'g2',
                title: 'Old goal',
                currentXp: 300,
                targetXp: 300,
                status: 'completed',
              }),
              dashboardGoal({
                id: 'g3',
                title: 'Set aside',
                currentXp: 10,
                targetXp: 300,
                status: 'paused',
              }),
            ],
          },
        },
        { xp: 150 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    await user.click(await screen.findByRole('tab', { name: 'Active Goals (1)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Active Goals (1)' });
    expect(await within(panel).findByText('2 goals completed total')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Run a 5k' })).toHaveTextContent(
      '120/300 XP',
    );
    expect(within(panel).queryByText('Old goal')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Set aside')).not.toBeInTheDocument();
    expect(within(panel).getByText(/1 paused, not counted as active/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Resume in the Goal Planner' })).toHaveAttribute(
      'href',
      '/goals',
    );
  });

  it('when the goals service cannot answer, then the goals tab shows its failure state', async () => {
    mockFetch(
      dashboardRoutes(
        {
          'GET /api/goals': {
            status: 502,
            body: { error: { code: 'bad_gateway', message: 'down' } },
          },
        },
        { xp: 150 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    await user.click(await screen.findByRole('tab', { name: 'Active Goals (0)' }));
    expect(await screen.findByText('Failed to load goals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('when the page shows, then Quick Actions link to the Quest Log, a new goal, Community and Body Doubling', async () => {
    mockFetch(dashboardRoutes({}, { xp: 150 }));
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Quick actions' });
    expect(within(nav).getByRole('link', { name: 'Complete Quest' })).toHaveAttribute(
      'href',
      '/quests',
    );
    expect(within(nav).getByRole('link', { name: 'Create Goal' })).toHaveAttribute(
      'href',
      '/goals/new',
    );
    expect(within(nav).getByRole('link', { name: 'Join Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    expect(within(nav).getByRole('link', { name: 'Body Doubling' })).toHaveAttribute(
      'href',
      '/body-doubling',
    );
  });

  it('when one quest was completed this week and a section is all done, then it reads "1 quest" and the ring shows a tick, not a clipped 100%', async () => {
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
    const done = questFixture({
      isCompleted: true,
      completionType: 'completed',
      completedAt: '2026-11-22T08:00:00.000Z',
    });
    mockFetch(
      dashboardRoutes({
        'GET /api/dashboard/overview': { body: { ...zeroOverview, questsCompletedThisWeek: 1 } },
        'GET /api/quests': { body: [done] },
        'GET /api/quests/with-occurrences': day([done]),
      }),
    );
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    expect(await screen.findByText('1 quest completed this week')).toBeInTheDocument();
    const ring = await screen.findByRole('progressbar', { name: "To Do's 100% done" });
    expect(ring).not.toHaveTextContent('100%');
    expect(ring.querySelector('[data-icon="check"]')).not.toBeNull();
  });

  it("when the Grid View opens after Recent Activity has loaded, then each shows its own read: today's open routines, and the last week's completions", async () => {
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
    const { fetchMock } = mockFetch(
      dashboardRoutes(
        {
          'GET /api/quests/occurrences': {
            body: [
              occurrenceFixture({ id: 'o1', title: 'Meditate', timeOfDay: 'morning' }),
              occurrenceFixture({
                id: 'o2',
                title: 'Journal',
                timeOfDay: 'evening',
                isCompleted: true,
                completionType: 'completed',
                completedAt: '2026-11-22T20:00:00.000Z',
                awardedXp: 30,
              }),
            ],
          },
        },
        { xp: 150 },
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(activity).getByText('Journal')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Grid View' }));
    const grid = screen.getByRole('tabpanel', { name: 'Grid View' });
    expect(await within(grid).findByRole('list', { name: 'Morning routines' })).toHaveTextContent(
      'Meditate',
    );
    // A completed routine is not on the schedule, though the week's read holds it.
    expect(within(grid).queryByText('Journal')).not.toBeInTheDocument();
    const ranges = occurrenceRanges(fetchMock);
    const today = ranges[0]?.[1] ?? '';
    expect(ranges).toEqual(
      expect.arrayContaining([
        [addDays(today, -6), today],
        [today, today],
      ]),
    );
  });
});
