import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { addDays, localDate } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import GoalsRoutes from '../../../routes.tsx';
import {
  emptyJourney,
  goalFixture,
  seriesFixture,
  templateFixture,
} from '../../../test/fixtures.ts';

const base = {
  'GET /api/user/profile': { body: profileFixture() },
  'GET /api/goals/g1/journey': { body: emptyJourney },
  'GET /api/goals/g1/series': { body: [] },
  'GET /api/quests/recurring': { body: [] },
};

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPlanner() {
  return renderWithProviders(<GoalsRoutes />, { route: '/goals' });
}

async function expandGoal(user: ReturnType<typeof userEvent.setup>, title = 'Run a 5k') {
  await user.click(await screen.findByRole('button', { name: `Expand ${title}` }));
  return screen.getByRole('article', { name: title });
}

describe('goal planner', () => {
  it('when the user has no goals, then the planner shows its title, subtitle and empty state', async () => {
    mockFetch({ 'GET /api/goals': { body: [] } });
    renderPlanner();
    expect(screen.getByRole('heading', { name: 'Goal Planner' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Set bigger-picture objectives and track your quest progress towards meaningful goals',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading goals...');
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Create your first goal to start tracking progress towards bigger objectives',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Goal' })).toBeInTheDocument();
  });

  it('when the goals fail to load, then it says so and Retry loads them again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/goals': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } }
          : { body: [goalFixture()] },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load goals');
    expect(alert).toHaveTextContent('Some goal progress may not display correctly');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Run a 5k' })).toBeInTheDocument();
  });

  it('when goals exist, then the summary counts them and active, paused and completed have sections', async () => {
    mockFetch({
      ...base,
      'GET /api/goals': {
        body: [
          goalFixture(),
          goalFixture({ id: 'g2', title: 'Save money', currentXp: 300, status: 'completed' }),
          goalFixture({ id: 'g3', title: 'Learn Spanish', currentXp: 0, status: 'paused' }),
        ],
      },
    });
    renderPlanner();
    const active = await screen.findByRole('region', { name: 'Active Goals' });
    expect(within(active).getByRole('heading', { name: 'Run a 5k' })).toBeInTheDocument();
    const completed = screen.getByRole('region', { name: 'Completed Goals' });
    expect(within(completed).getByRole('heading', { name: 'Save money' })).toBeInTheDocument();
    const paused = screen.getByRole('region', { name: 'Paused Goals' });
    expect(within(paused).getByRole('heading', { name: 'Learn Spanish' })).toBeInTheDocument();
    expect(within(active).queryByText('Learn Spanish')).not.toBeInTheDocument();
    // Active 1 (the paused goal is not active, and the card says so), Completed 1, Total XP 450, Avg
    // Progress 450 / 900 = 50%.
    const summary = screen.getByRole('region', { name: 'Goal summary' });
    const stat = (title: string) => within(summary).getByText(title).closest('.ant-statistic');
    expect(stat('Active Goals')).toHaveTextContent('1');
    expect(within(summary).getByText('1 paused, not counted as active')).toBeInTheDocument();
    expect(stat('Completed')).toHaveTextContent('1');
    expect(stat('Total Goal XP')).toHaveTextContent('450');
    expect(stat('Avg Progress')).toHaveTextContent('50%');
    expect(within(active).getByRole('progressbar', { name: 'Run a 5k progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('when a card is expanded, then it shows progress, theme, cadence, the empty journey and Add XP; Add XP sends the clamped amount', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture({ currentXp: 290 })] },
      'POST /api/goals/g1/progress': () => ({
        body: { ...goalFixture({ currentXp: 300, status: 'completed' }), xpAdded: 10 },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    expect(within(card).getByText('Build up to a 5k run')).toBeInTheDocument();
    expect(within(card).getByText(/290 \/ 300 XP/)).toBeInTheDocument();
    expect(within(card).getByText(/97% complete/)).toBeInTheDocument();
    expect(within(card).getByText('Health')).toBeInTheDocument();
    expect(within(card).getByText('Monthly')).toBeInTheDocument();
    expect(
      await within(card).findByText(
        'No recurring quests linked to this goal yet. Link a recurring series to see your journey path!',
      ),
    ).toBeInTheDocument();
    const input = within(card).getByRole('spinbutton', { name: 'XP to add to Run a 5k' });
    expect(input).toHaveValue('10');
    await user.clear(input);
    await user.type(input, '100');
    await user.click(within(card).getByRole('button', { name: 'Add XP' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ xpGain: 10 }),
    );
  });

  it('when Add XP is pending, then it reads Adding...; a completed goal has no Add XP row', async () => {
    let release: () => void = () => {};
    mockFetch({
      ...base,
      'GET /api/goals': {
        body: [
          goalFixture(),
          goalFixture({ id: 'g2', title: 'Done goal', currentXp: 300, status: 'completed' }),
        ],
      },
      'GET /api/goals/g2/journey': { body: emptyJourney },
      'GET /api/goals/g2/series': { body: [] },
      'POST /api/goals/g1/progress': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { ...goalFixture({ currentXp: 160 }), xpAdded: 10 } });
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Add XP' }));
    expect(await within(card).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    release();
    expect(await within(card).findByRole('button', { name: 'Add XP' })).toBeEnabled();
    const done = await expandGoal(user, 'Done goal');
    expect(within(done).queryByRole('button', { name: 'Add XP' })).not.toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('when Pause and Resume are pressed, then the status is sent as an update', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture()] },
      'PUT /api/goals/g1': ({ body }) => ({ body: goalFixture(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'paused' }),
    );
  });

  it('when a paused goal is resumed from its section, then it moves back to Active Goals', async () => {
    let goals = [goalFixture({ status: 'paused' })];
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': () => ({ body: goals }),
      'PUT /api/goals/g1': ({ body }) => {
        goals = [goalFixture(body as object)];
        return { body: goals[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const paused = await screen.findByRole('region', { name: 'Paused Goals' });
    await user.click(within(paused).getByRole('button', { name: 'Expand Run a 5k' }));
    await user.click(within(paused).getByRole('button', { name: 'Resume' }));
    const active = await screen.findByRole('region', { name: 'Active Goals' });
    expect(within(active).getByRole('heading', { name: 'Run a 5k' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paused Goals' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'active' });
  });

  it('when /goals/new opens, then the planner shows with the New Goal dialog open, and closing it leaves /goals', async () => {
    mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture()] },
      'GET /api/goal-templates': { body: [templateFixture()] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <>
        <GoalsRoutes />
        <LocationProbe />
      </>,
      { route: '/goals/new' },
    );
    expect(screen.getByRole('heading', { name: 'Goal Planner' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' });
    expect(
      await within(dialog).findByRole('button', { name: 'Create Custom Goal' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/goals'));
    expect(screen.getByTestId('location')).not.toHaveTextContent('/goals/new');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Run a 5k' })).toBeInTheDocument();
  });

  it('when Delete is pressed, then it asks first and deletes only when confirmed', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    let goals = [goalFixture()];
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': () => ({ body: goals }),
      'DELETE /api/goals/g1': () => {
        goals = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('when a goal is created from a template, then step 2 is pre-filled, Back returns to the templates and Create sends the form', async () => {
    let goals: unknown[] = [];
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': () => ({ body: goals }),
      'GET /api/goal-templates': {
        body: [
          templateFixture(),
          templateFixture({ id: 't2', title: 'Walk 10k steps', theme: 'health', targetXp: 400 }),
        ],
      },
      'POST /api/goals': ({ body }) => {
        goals = [goalFixture({ ...(body as object), id: 'g9', currentXp: 0 })];
        return { status: 201, body: goals[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    await user.click(await screen.findByRole('button', { name: 'Create First Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' });
    // Templates by theme tab: Learning first, Health in its own tab.
    expect(
      await within(dialog).findByRole('button', { name: /Read 12 Books/ }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Health' }));
    await user.click(await within(dialog).findByRole('button', { name: /Walk 10k steps/ }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Walk 10k steps');
    expect(within(dialog).getByLabelText('Target XP')).toHaveValue('400');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: /Read 12 Books/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Read 12 Books',
      description: 'One book a month',
      theme: 'learning',
      targetXp: 600,
      cadence: 'monthly',
      color: 'purple',
      status: 'active',
    });
    expect(await screen.findByRole('heading', { name: 'Read 12 Books' })).toBeInTheDocument();
    // Opening it again starts at step 1.
    await user.click(screen.getByRole('button', { name: 'New Goal' }));
    const again = await screen.findByRole('dialog', { name: 'Create New Goal' });
    expect(within(again).getByRole('button', { name: 'Create Custom Goal' })).toBeInTheDocument();
  });

  it('when a custom goal has no title, then the error shows under the field; the target is parsed as an integer', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': { body: [] },
      'GET /api/goal-templates': { body: [] },
      'POST /api/goals': ({ body }) => ({ status: 201, body: goalFixture(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    await user.click(await screen.findByRole('button', { name: 'New Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Custom Goal' }));
    expect(within(dialog).getByLabelText('Target XP')).toHaveAttribute('placeholder', '300');
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(await within(dialog).findByText('Goal title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Sleep by 11');
    await user.clear(within(dialog).getByLabelText('Target XP'));
    await user.type(within(dialog).getByLabelText('Target XP'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        title: 'Sleep by 11',
        targetXp: 250,
        theme: 'personal',
        cadence: 'monthly',
        color: 'blue',
      }),
    );
  });

  it('when Edit is saved, then the form fields are sent as an update', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture()] },
      'PUT /api/goals/g1': ({ body }) => ({ body: goalFixture(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Goal' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Run a 5k');
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Run a 10k');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Run a 10k',
      description: 'Build up to a 5k run',
      theme: 'health',
      targetXp: 300,
      cadence: 'monthly',
      color: 'green',
    });
  });
});

describe('link quest series', () => {
  it('when linking, then linked series are excluded, XP defaults to target / 10 and Link Series sends the pair', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture()] },
      'GET /api/goals/g1/series': {
        body: [
          {
            id: 'l1',
            goalId: 'g1',
            seriesId: 's1',
            title: 'Morning run',
            xpPerOccurrence: 30,
            linkedAt: '2026-11-01T10:00:00.000Z',
          },
        ],
      },
      'GET /api/quests/recurring-series': {
        body: [
          { id: 's1', title: 'Morning run' },
          { id: 's2', title: 'Stretch' },
        ],
      },
      'POST /api/goals/g1/series': ({ body }) => ({
        status: 201,
        body: {
          id: 'l2',
          goalId: 'g1',
          title: 'Stretch',
          linkedAt: '2026-11-02T10:00:00.000Z',
          ...(body as object),
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Link Series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Quest Series to Goal' });
    const xp = await within(dialog).findByRole('spinbutton', { name: 'XP per Occurrence' });
    expect(xp).toHaveValue('30');
    expect(within(dialog).getByRole('button', { name: 'Link Series' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Recurring Series' }));
    expect(screen.queryByTitle('Morning run')).not.toBeInTheDocument();
    await user.click(await screen.findByTitle('Stretch'));
    await user.clear(xp);
    await user.type(xp, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Link Series' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      seriesId: 's2',
      xpPerOccurrence: 25,
    });
  });

  it.each([
    [[{ id: 's1', title: 'Morning run' }], 'All recurring series are already linked'],
    [[], 'No recurring quest series available'],
  ])('when the choices are %o, then the dialog reads %s', async (choices, text) => {
    mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture()] },
      'GET /api/goals/g1/series': {
        body:
          choices.length > 0
            ? [
                {
                  id: 'l1',
                  goalId: 'g1',
                  seriesId: 's1',
                  title: 'Morning run',
                  xpPerOccurrence: 30,
                  linkedAt: '2026-11-01T10:00:00.000Z',
                },
              ]
            : [],
      },
      'GET /api/quests/recurring-series': { body: choices },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    await user.click(within(card).getByRole('button', { name: 'Link Series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Quest Series to Goal' });
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Link Series' })).toBeDisabled();
  });
});

describe('journey and forecast', () => {
  const today = localDate(new Date(), 'Europe/London');
  const journey = {
    linkedSeries: [
      {
        seriesId: 's1',
        title: 'Morning run',
        xpPerOccurrence: 10,
        occurrences: [
          { id: 'o2', scheduledFor: addDays(today, -1), isCompleted: true, xpContributed: 10 },
          { id: 'o1', scheduledFor: addDays(today, -2), isCompleted: true, xpContributed: 10 },
          { id: 'o3', scheduledFor: today, isCompleted: false, xpContributed: 0 },
        ],
      },
    ],
  };

  it('when the journey has stars, then they are ordered by date, filled or outlined, named, and a completed one replays particles on Enter', async () => {
    mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture({ currentXp: 20, targetXp: 100 })] },
      'GET /api/goals/g1/journey': { body: journey },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    const figure = await within(card).findByRole('figure', { name: 'Journey of Run a 5k' });
    const stars = within(figure).getAllByRole('button');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Morning run, .*: Completed - 10 XP contributed$/),
      expect.stringMatching(/^Morning run, .*: Completed - 10 XP contributed$/),
      expect.stringMatching(/^Morning run, .*: Not completed - 10 XP available$/),
    ]);
    expect(stars[0]).toHaveClass('lu-star-done');
    expect(stars[2]).toHaveClass('lu-star-open');
    expect(within(figure).getByText('2 of 3 completed (67%)')).toBeInTheDocument();
    // 67% lights the planet's icon.
    expect(within(figure).getByTestId('planet-icon')).toBeInTheDocument();
    stars[0]?.focus();
    await user.keyboard('{Enter}');
    expect(within(figure).getAllByTestId('journey-particle').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(figure).queryByTestId('journey-particle')).toBeNull());
    stars[2]?.focus();
    await user.keyboard(' ');
    expect(within(figure).queryByTestId('journey-particle')).toBeNull();
    await user.hover(stars[2] as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not completed - 10 XP available');
  });

  it('when the linked series runs daily, then the forecast reads on track for the day the target is reached', async () => {
    mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture({ currentXp: 20, targetXp: 50 })] },
      'GET /api/goals/g1/journey': { body: journey },
      'GET /api/goals/g1/series': {
        body: [
          {
            id: 'l1',
            goalId: 'g1',
            seriesId: 's1',
            title: 'Morning run',
            xpPerOccurrence: 10,
            linkedAt: `${addDays(today, -2)}T12:00:00.000Z`,
          },
        ],
      },
      'GET /api/quests/recurring': { body: [seriesFixture()] },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    // 30 XP to go at 10 a day from today: today, tomorrow and the day after.
    const [y, m, d] = addDays(today, 2).split('-');
    expect(
      await within(card).findByText(`Forecast: on track for ${m}/${d}/${y}`),
    ).toBeInTheDocument();
  });

  it('when an occurrence since the link was missed, then the forecast reads days behind', async () => {
    mockFetch({
      ...base,
      'GET /api/goals': { body: [goalFixture({ currentXp: 10, targetXp: 50 })] },
      'GET /api/goals/g1/journey': {
        body: {
          linkedSeries: [
            {
              ...journey.linkedSeries[0],
              occurrences: [
                { id: 'o1', scheduledFor: addDays(today, -2), isCompleted: true },
                { id: 'o2', scheduledFor: addDays(today, -1), isCompleted: false },
              ],
            },
          ],
        },
      },
      'GET /api/goals/g1/series': {
        body: [
          {
            id: 'l1',
            goalId: 'g1',
            seriesId: 's1',
            title: 'Morning run',
            xpPerOccurrence: 10,
            linkedAt: `${addDays(today, -2)}T12:00:00.000Z`,
          },
        ],
      },
      'GET /api/quests/recurring': { body: [seriesFixture()] },
    });
    const user = userEvent.setup({ delay: null });
    renderPlanner();
    const card = await expandGoal(user);
    expect(await within(card).findByText(/^Forecast: 1 day behind/)).toBeInTheDocument();
  });
});
