import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { occurrenceFixture, questFixture } from '../../../test/fixtures.ts';
import DayPlanner from './day-planner.tsx';

describe('day planner (Grid View)', () => {
  it('when an empty hour or a block is used, then the creation dialog is asked for with that hour (8 for morning)', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
    });
    const onAddQuest = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DayPlanner onAddQuest={onAddQuest} />);
    await user.click(await screen.findByRole('button', { name: 'Add a morning quest' }));
    expect(onAddQuest).toHaveBeenLastCalledWith(8);
    await user.click(screen.getByRole('button', { name: 'Add an evening quest' }));
    expect(onAddQuest).toHaveBeenLastCalledWith(18);
    await user.click(screen.getByRole('button', { name: 'Add Quest at 3 PM' }));
    expect(onAddQuest).toHaveBeenLastCalledWith(15);
  });

  it("when a block has no unscheduled quest, then the sheet says 'No Available Quests'", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DayPlanner onAddQuest={() => {}} />);
    const morning = await screen.findByRole('region', { name: 'Morning block' });
    await user.click(within(morning).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule a Quest' })).toBeInTheDocument();
    expect(screen.getByText('No Available Quests')).toBeInTheDocument();
  });

  it('when a flexible quest is scheduled, then an hour is needed, and confirming sends its scheduledTime and it leaves the list', async () => {
    let quests = [questFixture({ timeOfDay: 'afternoon', title: 'Write report' })];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests': () => ({ body: quests }),
      'PATCH /api/quests/q1': ({ body }) => {
        quests = [
          { ...quests[0]!, scheduledTime: (body as { scheduledTime: string }).scheduledTime },
        ];
        return { body: quests[0] };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DayPlanner onAddQuest={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Schedule Write report' }));
    const sheet = await screen.findByRole('dialog', { name: 'Schedule a Quest' });
    const confirm = within(sheet).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(within(sheet).getByRole('combobox', { name: 'Hour' }));
    await user.click(await screen.findByTitle('2 PM'));
    await user.click(confirm);
    expect(await screen.findByText('Quest Updated!')).toBeInTheDocument();
    expect(
      (calls.find((c) => c.method === 'PATCH')?.body as { scheduledTime: string }).scheduledTime,
    ).toMatch(/T14:00:00\.000Z$/);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Schedule Write report' }),
      ).not.toBeInTheDocument(),
    );
  });

  it("when routines are open today, then they show in their block and without a time, and 'Every quest for today has a time' does not", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'GET /api/quests': { body: [] },
      'GET /api/quests/occurrences': {
        body: [
          occurrenceFixture({ id: 'o1', title: 'Meditate', timeOfDay: 'morning' }),
          occurrenceFixture({ id: 'o2', title: 'Stretch', timeOfDay: 'anytime' }),
          occurrenceFixture({
            id: 'o3',
            title: 'Journal',
            timeOfDay: 'evening',
            isCompleted: true,
            completionType: 'completed',
          }),
          occurrenceFixture({ id: 'o4', title: 'Floss', timeOfDay: 'evening', skipped: true }),
        ],
      },
    });
    renderWithProviders(<DayPlanner onAddQuest={() => {}} />);
    const morning = await screen.findByRole('list', { name: 'Morning routines' });
    expect(within(morning).getByText('Meditate')).toBeInTheDocument();
    const withoutTime = screen.getByRole('list', { name: 'Quests without a time' });
    expect(within(withoutTime).getByText('Stretch')).toBeInTheDocument();
    expect(screen.queryByText('Every quest for today has a time.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Evening routines' })).not.toBeInTheDocument();
    expect(screen.queryByText('Journal')).not.toBeInTheDocument();
  });
});
