import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { SHARE_COMPLETIONS_LABEL, SHARE_COMPLETIONS_OPTION_HELP } from '@levelup/contracts';
import { CommunityPrivacyCard } from './community-privacy-card.tsx';

describe('Community Privacy card', () => {
  it('when it loads, then the current choice is checked; picking another with the keyboard saves it and says so', async () => {
    let saved = 'titles_hidden';
    const { calls } = mockFetch({
      'GET /api/community/privacy': () => ({ body: { shareCompletions: saved } }),
      'PUT /api/community/privacy': (call) => {
        saved = (call.body as { shareCompletions: string }).shareCompletions;
        return { body: { shareCompletions: saved } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityPrivacyCard />);
    const group = await screen.findByRole('group', { name: SHARE_COMPLETIONS_LABEL });
    expect(group).toBeInTheDocument();
    const hidden = screen.getByRole('radio', { name: /Titles hidden/ });
    expect(hidden).toBeChecked();
    expect(hidden).toHaveAccessibleDescription(SHARE_COMPLETIONS_OPTION_HELP.titles_hidden);

    hidden.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Privacy saved')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Off/ })).toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { shareCompletions: 'off' },
    ]);
  });

  it('when the save fails, then the error says so and the choice stays as stored', async () => {
    mockFetch({
      'GET /api/community/privacy': { body: { shareCompletions: 'on' } },
      'PUT /api/community/privacy': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'boom' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityPrivacyCard />);
    await user.click(await screen.findByRole('radio', { name: /Titles hidden/ }));
    expect(
      await screen.findByText('Failed to save your privacy choice. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /On/ })).toBeChecked();
  });
});
