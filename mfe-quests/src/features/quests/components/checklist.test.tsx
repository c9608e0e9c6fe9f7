import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMPLETE_WHEN_CHECKLIST_DONE_LABEL, type Quest } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { questFixture } from '../../../test/fixtures.ts';
import { questsQueryOptions } from '../api/quests-api.ts';
import { questItem } from './card-item.ts';
import { CreateQuestForm } from './create-quest-form.tsx';
import { QuestCard } from './quest-card.tsx';

const kitchen = questFixture({
  id: 'q1',
  title: 'Clean the kitchen',
  checklist: [
    { id: 's1', text: 'Dishes', done: false },
    { id: 's2', text: 'Counters', done: false },
    { id: 's3', text: 'Floor', done: false },
  ],
});

/** The first cached quest as the dashboard shows it (reads the same cache the tick changes). */
function FirstQuestCard() {
  const { data } = useQuery(questsQueryOptions);
  const quest = data?.[0];
  if (!quest) return null;
  return (
    <ul>
      <QuestCard
        item={questItem(quest)}
        now={new Date('2026-11-22T10:00:00Z')}
        timeZone="UTC"
        handlers={{ onComplete: () => {}, onProgress: () => {} }}
      />
    </ul>
  );
}

/** A reply the test lets through when it chooses (the tick is seen before the server answers). */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function openSteps(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: /Steps of Clean the kitchen: 0\/3 steps/ }),
  );
  return screen.getByRole('list', { name: 'Steps of Clean the kitchen' });
}

describe('quest card: checklist', () => {
  it('when a step is ticked, then it shows ticked and counted before the server answers, and the call says done', async () => {
    const reply = gate();
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests': { body: [kitchen] },
      'PUT /api/quests/q1/checklist/s2': async () => {
        await reply.opened;
        const quest: Quest = {
          ...kitchen,
          checklist: kitchen.checklist.map((s) => (s.id === 's2' ? { ...s, done: true } : s)),
        };
        return { body: { ...quest, xpDelta: 0, completionEventId: null } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FirstQuestCard />);
    const steps = await openSteps(user);
    await user.click(within(steps).getByRole('checkbox', { name: 'Counters' }));
    expect(within(steps).getByRole('checkbox', { name: 'Counters' })).toBeChecked();
    expect(screen.getByRole('button', { name: /1\/3 steps/ })).toBeInTheDocument();
    reply.open();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ done: true });
    expect(within(steps).getByRole('checkbox', { name: 'Counters' })).toBeChecked();
    expect(within(steps).getByRole('checkbox', { name: 'Dishes' })).not.toBeChecked();
  }, 60_000);

  it('when the last tick completes the quest, then the toast says so with Undo, and Undo takes that completion back', async () => {
    const almost = questFixture({
      ...kitchen,
      completeWhenChecklistDone: true,
      checklist: kitchen.checklist.map((s) => ({ ...s, done: s.id !== 's3' })),
    });
    const eventId = '7b0f3c4e-1d2a-4b5c-8d9e-0f1a2b3c4d5e';
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests': { body: [almost] },
      'PUT /api/quests/q1/checklist/s3': {
        body: {
          ...almost,
          isCompleted: true,
          checklist: almost.checklist.map((s) => ({ ...s, done: true })),
          xpDelta: 20,
          completionEventId: eventId,
        },
      },
      [`POST /api/quests/completions/${eventId}/undo`]: { body: { undone: true, xpDelta: -20 } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FirstQuestCard />);
    await user.click(
      await screen.findByRole('button', { name: /Steps of Clean the kitchen: 2\/3 steps/ }),
    );
    const steps = screen.getByRole('list', { name: 'Steps of Clean the kitchen' });
    await user.click(within(steps).getByRole('checkbox', { name: 'Floor' }));
    expect(await screen.findByText('Quest Completed!')).toBeInTheDocument();
    expect(screen.getByText('You earned 20 XP!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path.endsWith(`/completions/${eventId}/undo`)),
      ).toBe(true),
    );
  }, 60_000);

  it('when the tick fails, then the step goes back and a message says so', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests': { body: [kitchen] },
      'PUT /api/quests/q1/checklist/s1': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FirstQuestCard />);
    const steps = await openSteps(user);
    await user.click(within(steps).getByRole('checkbox', { name: 'Dishes' }));
    expect(await screen.findByText('Failed to update the step')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(steps).getByRole('checkbox', { name: 'Dishes' })).not.toBeChecked(),
    );
    expect(screen.getByRole('button', { name: /0\/3 steps/ })).toBeInTheDocument();
  }, 60_000);
});

describe('create quest form: checklist', () => {
  it('when steps are added with Enter, moved, edited and removed, then the quest is created with them in that order and the auto-complete choice', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'POST /api/quests': ({ body }) => ({
        status: 201,
        body: questFixture({ id: 'q9', title: (body as { title: string }).title }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CreateQuestForm />);
    await user.type(await screen.findByLabelText('Title'), 'Clean the kitchen');
    await user.type(screen.getByLabelText('Description'), 'Before the guests arrive');
    const newStep = screen.getByRole('textbox', { name: 'New step' });
    for (const text of ['Dishes', 'Counters', 'Floor']) await user.type(newStep, `${text}{Enter}`);
    expect(screen.getByText('3/30 steps. Press Enter to add one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    const first = screen.getByRole('textbox', { name: 'Step 1' });
    await user.clear(first);
    await user.type(first, 'Mop the floor');
    await user.click(screen.getByRole('switch', { name: COMPLETE_WHEN_CHECKLIST_DONE_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      checklist: [{ text: 'Mop the floor' }, { text: 'Counters' }],
      completeWhenChecklistDone: true,
    });
  }, 60_000);

  it('when a step is emptied, then the form says which step and sends nothing', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CreateQuestForm />);
    await user.type(await screen.findByLabelText('Title'), 'Clean the kitchen');
    await user.type(screen.getByLabelText('Description'), 'Before the guests arrive');
    await user.type(screen.getByRole('textbox', { name: 'New step' }), 'Dishes{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Step 1' }));
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByText('Step 1: A step cannot be empty')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 60_000);
});

describe('edit quest form: checklist', () => {
  it('when a kept step is renamed and a new one added, then the edit sends kept steps with their ids and the new one without', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'PATCH /api/quests/q1': { body: kitchen },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CreateQuestForm editing={{ kind: 'quest', quest: kitchen }} />);
    const second = await screen.findByRole('textbox', { name: 'Step 2' });
    await user.clear(second);
    await user.type(second, 'Wipe the counters');
    await user.type(screen.getByRole('textbox', { name: 'New step' }), 'Bins{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove step 3' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      checklist: [
        { id: 's1', text: 'Dishes' },
        { id: 's2', text: 'Wipe the counters' },
        { text: 'Bins' },
      ],
    });
  }, 60_000);
});
