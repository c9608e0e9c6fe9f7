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
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Import from Habitica or Loop' }));
    expect(await screen.findByRole('dialog', { name: 'Import habits' })).toBeInTheDocument();
  });

  it('when there are quests and series, then both grids show; hidden and cleared occurrences stay in the log with Un-hide, and each state can still change', async () => {
    const summary = (id: string, fields: object) => ({
      id,
      isCompleted: false,
      completionType: 'not_completed' as const,
      hiddenFromDashboard: false,
      xpReward: 10,
      scheduledFor: '2026-11-22',
      ...fields,
    });
    let series = [
      seriesFixture(),
      seriesFixture({
        id: 's2',
        title: 'Journal',
        todaysOccurrence: summary('o2', { hiddenFromDashboard: true }),
      }),
      seriesFixture({
        id: 's3',
        title: 'Stretch',
        todaysOccurrence: summary('o3', {
          isCompleted: true,
          completionType: 'partial',
          hiddenFromDashboard: true,
        }),
      }),
      seriesFixture({
        id: 's4',
        title: 'Floss',
        todaysOccurrence: summary('o4', {
          isCompleted: true,
          completionType: 'completed',
          hiddenFromDashboard: true,
        }),
      }),
    ];
    const setToday = (id: string, fields: object) => {
      series = series.map((s) =>
        s.todaysOccurrence?.id === id
          ? { ...s, todaysOccurrence: { ...s.todaysOccurrence, ...fields } }
          : s,
      );
    };
    const moved = (id: string, fields: object, xpDelta: number) => {
      setToday(id, fields);
      return {
        body: { ...occurrenceFixture({ id, ...fields }), xpDelta, completionEventId: null },
      };
    };
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [questFixture()] },
      'GET /api/quests/recurring': () => ({ body: series }),
      'POST /api/quests/occurrences/o1/hide': () => {
        setToday('o1', { hiddenFromDashboard: true });
        return { body: occurrenceFixture({ hiddenFromDashboard: true }) };
      },
      'POST /api/quests/occurrences/o2/unhide': () => {
        setToday('o2', { hiddenFromDashboard: false });
        return { body: occurrenceFixture({ id: 'o2' }) };
      },
      'POST /api/quests/occurrences/o3/complete': () =>
        moved('o3', { isCompleted: true, completionType: 'completed' }, 5),
      'PATCH /api/quests/occurrences/o4/progress': () =>
        moved('o4', { isCompleted: false, completionType: 'not_completed' }, -10),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    const regular = await screen.findByRole('list', { name: 'Regular quests' });
    expect(within(regular).getByRole('listitem', { name: 'Morning walk' })).toBeInTheDocument();
    const recurring = screen.getByRole('list', { name: 'Recurring quests' });
    const item = (name: string) => within(recurring).getByRole('listitem', { name });
    expect(recurring).not.toHaveTextContent('Nothing scheduled for today.');

    // Hidden: still in the log, with Un-hide.
    await user.click(within(item('Meditate')).getByRole('button', { name: /^Meditate/ }));
    await user.click(within(item('Meditate')).getByRole('button', { name: 'Hide from dashboard' }));
    expect(await screen.findByText('Quest Removed')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(item('Meditate')).getByRole('button', { name: 'Un-hide: Meditate' }),
      ).toBeInTheDocument(),
    );
    expect(
      within(item('Meditate')).getByRole('button', { name: 'Complete quest: Meditate' }),
    ).toBeInTheDocument();

    await user.click(within(item('Journal')).getByRole('button', { name: 'Un-hide: Journal' }));
    expect(await screen.findByText('Quest Restored')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(item('Journal')).queryByRole('button', { name: 'Un-hide: Journal' }),
      ).not.toBeInTheDocument(),
    );

    // Cleared "Kinda Sorta" lifted to completed; cleared completed taken back.
    await user.click(
      within(item('Stretch')).getByRole('button', { name: 'Complete quest: Stretch' }),
    );
    await waitFor(() =>
      expect(
        within(item('Stretch')).getByRole('button', { name: 'Un-complete: Stretch' }),
      ).toBeInTheDocument(),
    );
    await user.click(within(item('Floss')).getByRole('button', { name: 'Un-complete: Floss' }));
    await waitFor(() =>
      expect(
        within(item('Floss')).getByRole('button', { name: 'Complete quest: Floss' }),
      ).toBeInTheDocument(),
    );
    expect(calls.find((c) => c.path === '/api/quests/occurrences/o4/progress')?.body).toEqual({
      completionType: 'not_completed',
      progressNotes: null,
    });
  });

  it("when a quest has a scheduled time, then its card shows it in the user's zone", async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'Europe/Berlin' }) },
      'GET /api/quests': {
        body: [
          questFixture({ timeOfDay: 'morning', scheduledTime: '2026-11-22T08:30:00.000Z' }),
          questFixture({ id: 'q2', title: 'Call the bank' }),
        ],
      },
      'GET /api/quests/recurring': { body: [] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    const walk = await screen.findByRole('listitem', { name: 'Morning walk' });
    expect(within(walk).getByText('9:30 AM')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Call the bank' })).queryByText(/AM|PM/),
    ).not.toBeInTheDocument();
  });

  it('when Start New Quest is pressed, then the wizard opens at its first step', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [] },
      'GET /api/quests/recurring': { body: [] },
    });
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

  it('when the address holds a tag, then only quests with it show; a search narrows them by title, and Clear filters shows all again', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': {
        body: [
          questFixture({ id: 'a', title: 'Read a chapter', tags: ['books'], category: 'learning' }),
          questFixture({ id: 'b', title: 'Return library books', tags: ['Books', 'errands'] }),
          questFixture({ id: 'c', title: 'Water the plants', tags: ['home'] }),
        ],
      },
      'GET /api/quests/recurring': {
        body: [
          seriesFixture(),
          seriesFixture({ id: 's2', title: 'Read before bed', tags: ['BOOKS'] }),
        ],
      },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests?tag=books' });
    const regular = await screen.findByRole('list', { name: 'Regular quests' });
    expect(
      within(regular)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(expect.arrayContaining(['Read a chapter', 'Return library books']));
    expect(within(regular).queryByRole('listitem', { name: 'Water the plants' })).toBeNull();
    // A routine with the tag shows too (any case); one without it does not.
    const recurring = screen.getByRole('list', { name: 'Recurring quests' });
    expect(
      within(recurring)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Read before bed']);

    const user = userEvent.setup({ delay: null });
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search quests by title' }),
      'LIBRARY',
    );
    await waitFor(() =>
      expect(within(regular).queryByRole('listitem', { name: 'Read a chapter' })).toBeNull(),
    );
    expect(within(regular).getByRole('listitem', { name: 'Return library books' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(within(regular).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByText('No quests match this filter.')).toBeNull();
  });

  it('when a search matches nothing, then each grid says so', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/quests': { body: [questFixture()] },
      'GET /api/quests/recurring': { body: [seriesFixture()] },
    });
    renderWithProviders(<QuestsRoutes />, { route: '/quests?q=zebra' });
    expect(await screen.findAllByText('No quests match this filter.')).toHaveLength(2);
    expect(await screen.findByRole('searchbox', { name: 'Search quests by title' })).toHaveValue(
      'zebra',
    );
  });
});
