import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COMPLETE_WHEN_CHECKLIST_DONE_LABEL,
  type Occurrence,
  type Series,
  type UserProfile,
} from '@levelup/contracts';
import { profileQueryKey } from '@levelup/web-kit';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  type MockRoute,
} from '@levelup/web-kit/testing';
import { occurrenceFixture, seriesFixture } from '../../../test/fixtures.ts';
import { dayQuestsQueryOptions } from '../api/day-quests-api.ts';
import { seriesQueryOptions } from '../api/series-api.ts';
import { occurrenceItem } from './card-item.ts';
import { CreateQuestForm } from './create-quest-form.tsx';
import { QuestCard } from './quest-card.tsx';
import { SeriesCard } from './series-card.tsx';

// A routine's day with steps: its card on the dashboard and on the Quest Log, and the routine's edit form.

const DAY = '2026-11-22';
const NOW = new Date('2026-11-22T10:00:00Z');
const handlers = { onComplete: () => {}, onProgress: () => {} };

const steps = (...done: boolean[]) =>
  ['Stretch', 'Push-ups'].map((text, i) => ({ id: `s${i + 1}`, text, done: done[i] ?? false }));
const workout = occurrenceFixture({
  id: 'o1',
  seriesId: 's1',
  title: 'Morning workout',
  xpReward: 30,
  checklist: steps(false, false),
  completeWhenChecklistDone: true,
});

/** The day's first occurrence as the dashboard shows it (reads the cache the tick changes). */
function TodaysFirstCard() {
  const { data } = useQuery(dayQuestsQueryOptions(DAY));
  const occurrence = data?.occurrences[0];
  if (!occurrence) return null;
  return (
    <ul>
      <QuestCard item={occurrenceItem(occurrence)} now={NOW} timeZone="UTC" handlers={handlers} />
    </ul>
  );
}

/** The first routine as the Quest Log shows it. */
function FirstSeriesCard() {
  const { data } = useQuery(seriesQueryOptions);
  const series = data?.[0];
  if (!series) return null;
  return (
    <ul>
      <SeriesCard series={series} now={NOW} timeZone="UTC" handlers={handlers} />
    </ul>
  );
}

const answer = (occurrence: Occurrence, xpDelta = 0, completionEventId: string | null = null) => ({
  body: { ...occurrence, xpDelta, completionEventId },
});

async function openSteps(user: ReturnType<typeof userEvent.setup>, progress: string) {
  await user.click(
    await screen.findByRole('button', { name: `Steps of Morning workout: ${progress}` }),
  );
  return screen.getByRole('list', { name: 'Steps of Morning workout' });
}

/** The user's profile and today holding the workout, with `routes` added or replaced. */
const todayRoutes = (routes: Record<string, MockRoute>): Record<string, MockRoute> => ({
  'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
  'GET /api/quests/with-occurrences': { body: { quests: [], occurrences: [workout] } },
  ...routes,
});

/** The routine's edit form, the server answering the edit with the routine: the calls it makes. */
function renderEdit(series: Series) {
  const { calls } = mockFetch({
    'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
    'PATCH /api/quests/recurring/s1': { body: series },
  });
  renderWithProviders(<CreateQuestForm editing={{ kind: 'series', series }} />);
  return calls;
}

/** Saves the edit form: the edit it sent. */
async function saved(
  user: ReturnType<typeof userEvent.setup>,
  calls: ReturnType<typeof mockFetch>['calls'],
) {
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  return calls.find((c) => c.method === 'PATCH')?.body;
}

describe("a routine's day card: checklist", () => {
  it("when a step of today's routine is ticked on the dashboard, then it shows at once and the day's tick call says done", async () => {
    const { calls } = mockFetch(
      todayRoutes({
        'PUT /api/quests/occurrences/o1/checklist/s2': answer({
          ...workout,
          checklist: steps(false, true),
        }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TodaysFirstCard />);
    const list = await openSteps(user, '0/2 steps');
    await user.click(within(list).getByRole('checkbox', { name: 'Push-ups' }));
    expect(within(list).getByRole('checkbox', { name: 'Push-ups' })).toBeChecked();
    expect(screen.getByRole('button', { name: /1\/2 steps/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/quests/occurrences/o1/checklist/s2',
      body: { done: true },
    });
  }, 60_000);

  it('when the last tick completes the day, then the XP moves, the toast says so and the card turns done', async () => {
    const almost = { ...workout, checklist: steps(true, false) };
    const done = {
      ...almost,
      checklist: steps(true, true),
      isCompleted: true,
      completionType: 'completed' as const,
    };
    let completed = false;
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC', xp: 100 }) },
      'GET /api/quests/with-occurrences': () => ({
        body: { quests: [], occurrences: [completed ? done : almost] },
      }),
      'PUT /api/quests/occurrences/o1/checklist/s2': () => {
        completed = true;
        return answer(done, 30, '7b0f3c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e');
      },
    });
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderWithProviders(<TodaysFirstCard />);
    queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 100 }));
    const list = await openSteps(user, '1/2 steps');
    await user.click(within(list).getByRole('checkbox', { name: 'Push-ups' }));
    expect(await screen.findByText('Quest Completed!')).toBeInTheDocument();
    expect(screen.getByText('You earned 30 XP!')).toBeInTheDocument();
    expect(queryClient.getQueryData<UserProfile>(profileQueryKey)?.xp).toBe(130);
    expect(
      await screen.findByRole('button', { name: 'Un-complete: Morning workout' }),
    ).toBeInTheDocument();
  }, 60_000);

  it('when a tick fails, then the step goes back and a message says so', async () => {
    mockFetch(
      todayRoutes({
        'PUT /api/quests/occurrences/o1/checklist/s1': {
          status: 500,
          body: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TodaysFirstCard />);
    const list = await openSteps(user, '0/2 steps');
    await user.click(within(list).getByRole('checkbox', { name: 'Stretch' }));
    expect(await screen.findByText('Failed to update the step')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: 'Stretch' })).not.toBeChecked(),
    );
  }, 60_000);

  it("when the Quest Log's routine card has today's steps, then it shows their progress and a tick there is the day's", async () => {
    const series = seriesFixture({
      title: 'Morning workout',
      checklist: [
        { id: 's1', text: 'Stretch' },
        { id: 's2', text: 'Push-ups' },
      ],
      todaysOccurrence: {
        id: 'o1',
        isCompleted: false,
        completionType: 'not_completed',
        hiddenFromDashboard: false,
        xpReward: 30,
        scheduledFor: DAY,
        checklist: steps(true, false),
      },
    });
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests/recurring': { body: [series] },
      'PUT /api/quests/occurrences/o1/checklist/s2': answer({
        ...workout,
        checklist: steps(true, true),
        completeWhenChecklistDone: false,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FirstSeriesCard />);
    const list = await openSteps(user, '1/2 steps');
    await user.click(within(list).getByRole('checkbox', { name: 'Push-ups' }));
    expect(await screen.findByRole('button', { name: /2\/2 steps/ })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(
      '/api/quests/occurrences/o1/checklist/s2',
    );
  }, 60_000);
});

describe('edit routine form: checklist', () => {
  it("when a routine's steps are edited and the switch turned on, then the edit sends kept steps with their ids, the new one without, and the choice", async () => {
    const series = seriesFixture({
      id: 's1',
      title: 'Morning workout',
      description: 'Before breakfast, every day',
      tags: [],
      checklist: [
        { id: 's1', text: 'Stretch' },
        { id: 's2', text: 'Push-ups' },
      ],
    });
    const calls = renderEdit(series);
    const user = userEvent.setup({ delay: null });
    const second = await screen.findByRole('textbox', { name: 'Step 2' });
    await user.clear(second);
    await user.type(second, 'Twenty push-ups');
    await user.type(screen.getByRole('textbox', { name: 'New step' }), 'Plank{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    await user.click(screen.getByRole('switch', { name: COMPLETE_WHEN_CHECKLIST_DONE_LABEL }));
    expect(await saved(user, calls)).toEqual({
      checklist: [{ id: 's2', text: 'Twenty push-ups' }, { text: 'Plank' }],
      completeWhenChecklistDone: true,
    });
  }, 60_000);

  it('when a routine is saved with its steps untouched, then nothing is sent about them', async () => {
    const series = seriesFixture({
      description: 'Ten quiet minutes, eyes closed',
      tags: [],
      checklist: [{ id: 's1', text: 'Breathe' }],
    });
    const calls = renderEdit(series);
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' daily');
    expect(screen.getByRole('textbox', { name: 'Step 1' })).toHaveValue('Breathe');
    expect(await saved(user, calls)).toEqual({ title: 'Meditate daily' });
  }, 60_000);
});
