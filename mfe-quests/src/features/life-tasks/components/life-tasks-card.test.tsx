import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { lifeTaskFixture } from '../../../test/fixtures.ts';
import { LifeTasksCard } from './life-tasks-card.tsx';

describe('life tasks', () => {
  it('when a task is added with a priority, then the contract shape is posted and it shows with Check Mate; Check Mate completes it', async () => {
    let tasks: unknown[] = [];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/life-tasks': () => ({ body: tasks }),
      'POST /api/life-tasks': ({ body }) => {
        const task = lifeTaskFixture({
          title: (body as { title: string }).title,
          priority: 'urgent',
        });
        tasks = [task];
        return { status: 201, body: task };
      },
      'POST /api/life-tasks/t1/complete': () => {
        const done = lifeTaskFixture({
          priority: 'urgent',
          isCompleted: true,
          completedAt: '2026-11-22T09:00:00.000Z',
        });
        tasks = [done];
        return { body: { ...done, xpEarned: 2 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LifeTasksCard />);
    expect(await screen.findByText(/No life tasks yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Life Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Life Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Pa');
    await user.click(within(dialog).getByRole('button', { name: 'Add Life Task' }));
    expect(
      await within(dialog).findByText('Task title must be at least 3 characters'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'y rent');
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByTitle('Urgent'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Life Task' }));
    expect(await screen.findByText('Life Task Added!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Pay rent',
      priority: 'urgent',
      category: 'personal',
      recurrenceType: 'weeks',
      recurrenceInterval: 1,
    });
    const item = await screen.findByRole('listitem', { name: 'Pay rent' });
    await user.click(within(item).getByRole('button', { name: 'Check Mate: Pay rent' }));
    expect(await screen.findByText('Life Task Completed!')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Pay rent' })).getByText('Done'),
      ).toBeInTheDocument(),
    );
    // Typing into an antd form is slow on a busy two-core machine.
  }, 60_000);

  it('when the member keeps as many life tasks as allowed, then the refusal shows the limit, not "try again"', async () => {
    const message = 'You have reached the limit of 1000 life tasks; delete some to add more.';
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/life-tasks': { body: [] },
      'POST /api/life-tasks': { status: 409, body: { error: { code: 'QUOTA_REACHED', message } } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LifeTasksCard />);
    await user.click(await screen.findByRole('button', { name: 'Add Life Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Life Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Pay rent');
    await user.click(within(dialog).getByRole('button', { name: 'Add Life Task' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to create life task. Please try again.')).toBeNull();
  }, 60_000);

  it('when a task is checked off, then its toast and its card offer Undo, which un-completes it through the completion Undo', async () => {
    let tasks = [lifeTaskFixture({ maintenanceXp: 5 })];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/life-tasks': () => ({ body: tasks }),
      'POST /api/life-tasks/t1/complete': () => {
        tasks = [lifeTaskFixture({ isCompleted: true, maintenanceXp: 5, completionEventId: 'e1' })];
        return { body: { ...tasks[0], xpEarned: 5 } };
      },
      'POST /api/quests/completions/e1/undo': () => {
        tasks = [lifeTaskFixture({ maintenanceXp: 5, completionEventId: null })];
        return {
          body: { kind: 'life_task', id: 't1', title: 'Pay rent', undone: true, xpDelta: -5 },
        };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LifeTasksCard />);
    const item = () => screen.getByRole('listitem', { name: 'Pay rent' });
    await user.click(await screen.findByRole('button', { name: 'Check Mate: Pay rent' }));
    expect(await screen.findByText('You earned 5 XP!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Pay rent: 5 XP taken back.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(item()).getByRole('button', { name: 'Check Mate: Pay rent' }),
      ).toBeInTheDocument(),
    );

    // From the card, the same Undo.
    await user.click(within(item()).getByRole('button', { name: 'Check Mate: Pay rent' }));
    const undo = await within(item()).findByRole('button', { name: 'Undo check-off: Pay rent' });
    await user.click(undo);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/quests/completions/e1/undo')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(
        within(item()).queryByRole('button', { name: 'Undo check-off: Pay rent' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('when tasks differ in urgency, then urgent and overdue come first, Snooze is offered only for what is due now, and a past due date can be entered', async () => {
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/life-tasks': {
        body: [
          lifeTaskFixture({ id: 'a', title: 'Sort photos', priority: 'low', dueDate: null }),
          lifeTaskFixture({ id: 'b', title: 'Renew visa', priority: 'high', dueDate: days(4) }),
          lifeTaskFixture({ id: 'c', title: 'Call plumber', priority: 'urgent', dueDate: null }),
          lifeTaskFixture({ id: 'd', title: 'Return parcel', priority: 'low', dueDate: days(-2) }),
        ],
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LifeTasksCard />);
    const list = await screen.findByRole('list', { name: 'Life tasks' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Return parcel', 'Call plumber', 'Renew visa', 'Sort photos']);
    expect(
      screen.getByRole('button', { name: 'Snooze until tomorrow: Return parcel' }),
    ).toBeInTheDocument();
    for (const later of ['Call plumber', 'Renew visa', 'Sort photos'])
      expect(
        screen.queryByRole('button', { name: `Snooze until tomorrow: ${later}` }),
      ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Life Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Life Task' });
    expect(within(dialog).getByLabelText('Due Date')).not.toHaveAttribute('min');
  });

  it("when a task is due, then its badge says so ('Overdue')", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/life-tasks': { body: [lifeTaskFixture({ dueDate: '2020-01-01T12:00:00.000Z' })] },
    });
    renderWithProviders(<LifeTasksCard />);
    const item = await screen.findByRole('listitem', { name: 'Pay rent' });
    expect(within(item).getByText('Overdue')).toBeInTheDocument();
  });
});
