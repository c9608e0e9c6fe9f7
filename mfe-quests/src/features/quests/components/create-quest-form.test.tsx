import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { questFixture } from '../../../test/fixtures.ts';
import { CreateQuestForm } from './create-quest-form.tsx';

describe('create quest form: the time picker', () => {
  it('when an Evening quest is given a time, then only evening times in quarter hours are offered, and 6:45 PM is sent as such', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'POST /api/quests': ({ body }) => ({
        status: 201,
        body: questFixture({ ...(body as object), id: 'q9' }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CreateQuestForm defaultHour={18} />);
    await user.type(await screen.findByLabelText('Title'), 'Read a chapter');
    await user.type(screen.getByLabelText('Description'), 'One chapter before bed');
    await user.click(screen.getByRole('combobox', { name: 'Scheduled Time' }));
    expect((await screen.findAllByTitle('6:00 PM')).length).toBeGreaterThan(0);
    expect(screen.getByTitle('6:15 PM')).toBeInTheDocument();
    expect(screen.queryByTitle('5:45 PM')).not.toBeInTheDocument();
    expect(screen.queryByTitle('12:00 AM')).not.toBeInTheDocument();
    await user.click(await screen.findByTitle('6:45 PM'));
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body as { scheduledTime: string };
    expect(sent.scheduledTime).toMatch(/T18:45:00\.000Z$/);
  }, 60_000);
});

describe('create quest form: tags', () => {
  it('when tags are typed with Enter and a comma, then each is sent once whatever its case, trimmed', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
      'POST /api/quests': ({ body }) => ({
        status: 201,
        body: questFixture({ ...(body as object), id: 'q9' }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CreateQuestForm />);
    await user.type(await screen.findByLabelText('Title'), 'Return library books');
    await user.type(screen.getByLabelText('Description'), 'Three books due Friday');
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(tags, 'errands{Enter}');
    await user.type(tags, ' Books ,');
    await user.type(tags, 'ERRANDS{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body as { tags: string[] };
    expect(sent.tags).toEqual(['errands', 'Books']);
  }, 60_000);
});
