import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';

describe('quest log and create quest', () => {
  it('when the user has no quests, then the Quest Log shows "No quests yet"', async () => {
    mockFetch({ 'GET /api/quests': { body: [] } });
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    expect(await screen.findByRole('heading', { name: 'Quest Log' })).toBeInTheDocument();
    expect(await screen.findByText('No quests yet')).toBeInTheDocument();
  });

  it('when Create Quest is submitted with short text, then the contract messages show and nothing is sent', async () => {
    const { calls } = mockFetch({ 'GET /api/quests': { body: [] } });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    await user.click(await screen.findByRole('button', { name: 'Start New Quest' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('Title'), 'ab');
    await user.type(screen.getByLabelText('Description'), 'too short');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(
      await screen.findByText('Quest title must be at least 3 characters'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Quest description must be at least 10 characters'),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('when a valid quest is created, then the contract shape is posted and the list shows it', async () => {
    let quests: unknown[] = [];
    const { calls } = mockFetch({
      'GET /api/quests': () => ({ body: quests }),
      'POST /api/quests': ({ body }) => {
        const quest = {
          ...(body as object),
          id: 'q9',
          isCompleted: false,
          completionType: 'not_completed',
          completedAt: null,
          createdAt: '2026-11-22T08:00:00.000Z',
          streak: 0,
          seriesId: null,
        };
        quests = [quest];
        return { status: 201, body: quest };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuestsRoutes />, { route: '/quests' });
    await user.click(await screen.findByRole('button', { name: 'Start New Quest' }));
    await user.type(await screen.findByLabelText('Title'), 'Read a chapter');
    await user.type(screen.getByLabelText('Description'), 'One chapter of the current book');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByRole('listitem', { name: 'Read a chapter' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        title: 'Read a chapter',
        description: 'One chapter of the current book',
        difficulty: 'easy',
        xpReward: 20,
        timeOfDay: 'anytime',
      }),
    );
  });
});
