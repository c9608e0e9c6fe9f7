import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELETE_KEEPS_XP_TEXT } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';
import { occurrenceFixture, questFixture, seriesFixture } from '../../../test/fixtures.ts';

describe('quest log', () => {
  it('when there is nothing, then it says "No quests yet"', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
      'GET /api/quests/recurring': { body: [] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    expect(await screen.findByRole('heading', { name: 'Quest Log' })).toBeInTheDocument();
    expect(await screen.findByText('No quests yet')).toBeInTheDocument();
    // Someone switching from Habitica or Loop is offered their history from the empty page.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import from Habitica or Loop' }));
    expect(await screen.findByRole('dialog', { name: 'Import habits' })).toBeInTheDocument();
  });

  it("when there are quests and series, then both grids show, a hidden occurrence's series shows none, and hiding removes it", async () => {
    let series = [
      seriesFixture(),
      seriesFixture({
        id: 's2',
        title: 'Journal',
        todaysOccurrence: {
          id: 'o2',
          isCompleted: false,
          completionType: 'not_completed',
          hiddenFromDashboard: true,
          xpReward: 10,
          scheduledFor: '2026-11-22',
        },
      }),
    ];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [questFixture()] },
      'GET /api/quests/recurring': () => ({ body: series }),
      'POST /api/quests/occurrences/o1/hide': () => {
        series = series.map((s) =>
          s.id === 's1'
            ? { ...s, todaysOccurrence: { ...s.todaysOccurrence!, hiddenFromDashboard: true } }
            : s,
        );
        return { body: occurrenceFixture({ hiddenFromDashboard: true }) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    const regular = await screen.findByRole('list', { name: 'Regular quests' });
    expect(within(regular).getByRole('listitem', { name: 'Morning walk' })).toBeInTheDocument();
    const recurring = screen.getByRole('list', { name: 'Recurring quests' });
    const meditate = within(recurring).getByRole('listitem', { name: 'Meditate' });
    expect(within(recurring).getByRole('listitem', { name: 'Journal' })).toHaveTextContent(
      'Nothing scheduled for today.',
    );
    await user.click(within(meditate).getByRole('button', { name: /^Meditate/ }));
    await user.click(within(meditate).getByRole('button', { name: 'Hide from dashboard' }));
    expect(await screen.findByText('Quest Removed')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(recurring).getByRole('listitem', { name: 'Meditate' })).toHaveTextContent(
        'Nothing scheduled for today.',
      ),
    );
    expect(calls.some((c) => c.path === '/api/quests/occurrences/o1/hide')).toBe(true);
  });

  it('when Start New Quest is pressed, then the wizard opens at its first step', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
      'GET /api/quests/recurring': { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    await user.click((await screen.findAllByRole('button', { name: 'Start New Quest' }))[0]!);
    expect(
      await screen.findByRole('dialog', { name: 'What brings you here today?' }),
    ).toBeInTheDocument();
  });

  it('when a title is fixed in the edit dialog, then only the title is sent; Delete asks first and says the XP stays', async () => {
    let quests = [questFixture({ title: 'Mornign walk' })];
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': () => ({ body: quests }),
      'GET /api/quests/recurring': { body: [] },
      'PATCH /api/quests/q1': ({ body }) => {
        quests = [{ ...quests[0]!, ...(body as object) }];
        return { body: quests[0] };
      },
      'DELETE /api/quests/q1': () => {
        quests = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    const item = await screen.findByRole('listitem', { name: 'Mornign walk' });
    await user.click(within(item).getByRole('button', { name: /^Mornign walk/ }));
    await user.click(within(item).getByRole('button', { name: 'Edit: Mornign walk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Quest' });
    const title = await within(dialog).findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Morning walk');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Quest Updated!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Morning walk' });

    const renamed = await screen.findByRole('listitem', { name: 'Morning walk' });
    await user.click(within(renamed).getByRole('button', { name: 'Delete: Morning walk' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete quest?' });
    expect(confirm).toHaveTextContent(DELETE_KEEPS_XP_TEXT);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Quest Deleted')).toBeInTheDocument();
    expect(await screen.findByText('No quests yet')).toBeInTheDocument();
    // Typing into an antd form is slow on a busy two-core machine.
  }, 60_000);
});
