import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  unauthorized,
} from '@levelup/web-kit/testing';
import { FEEDBACK_SENT_CLOSE_MS } from './feedback-dialogs.tsx';
import { FeedbackTab } from './feedback-tab.tsx';

const sentFeedback = {
  id: 'f1',
  category: 'bug',
  message: 'The calendar skips a day',
  url: '/',
  userAgent: 'test',
  createdAt: '2026-11-02T10:00:00.000Z',
  isReviewed: false,
  adminNotes: null,
  user: { displayName: 'Ada', username: 'ada', email: null },
};

/** antd's radio input is hidden under its label: a user clicks the label. */
async function choose(user: ReturnType<typeof userEvent.setup>, category: string) {
  const label = screen.getByRole('radio', { name: category }).closest('label');
  if (!label) throw new Error(`no label for ${category}`);
  await user.click(label);
  expect(screen.getByRole('radio', { name: category })).toBeChecked();
}

/**
 * A dialog by its title. antd gives every dialog title the same id under test (NODE_ENV=test), so the
 * second dialog's accessible name would resolve to the first one's title; the browser gets unique ids.
 */
function sentDialog(): HTMLElement | null {
  const dialog = screen.queryByText('Feedback sent!')?.closest<HTMLElement>('[role="dialog"]');
  return dialog && dialog.style.display !== 'none' ? dialog : null;
}

async function openForm() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<FeedbackTab />);
  await user.click(await screen.findByRole('button', { name: 'Beta Feedback' }));
  await screen.findByRole('dialog', { name: 'Send Beta Feedback' });
  return user;
}

describe('Beta Feedback tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when a visitor is signed out, then there is no tab', async () => {
    const { calls } = mockFetch({ 'GET /api/user/profile': unauthorized });
    renderWithProviders(<FeedbackTab />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Beta Feedback' })).not.toBeInTheDocument();
  });

  it('when a member sends a category and a message, then it posts them with the page and browser, and "Feedback sent!" closes after 2 s', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'POST /api/feedback': { status: 201, body: sentFeedback },
    });
    const user = await openForm();
    await choose(user, 'Bug');
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), '  Calendar skips  ');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));

    await waitFor(() => expect(sentDialog()).not.toBeNull());
    expect(sentDialog()).toHaveTextContent('Thank you for helping us improve Level Up.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      category: 'bug',
      message: 'Calendar skips',
      url: window.location.pathname,
      userAgent: navigator.userAgent,
    });
    await waitFor(() => expect(sentDialog()).toBeNull(), {
      timeout: FEEDBACK_SENT_CLOSE_MS + 1500,
    });
    expect(screen.queryByRole('dialog', { name: 'Send Beta Feedback' })).not.toBeInTheDocument();
  });

  it.each([
    ['no category', null, 'Something'],
    ['a blank message', 'Bug', '   '],
  ])(
    "when sent with %s, then the 'Missing information' toast shows and nothing is sent",
    async (_label, category, message) => {
      const { calls } = mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
      const user = await openForm();
      if (category) await choose(user, category);
      await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), message);
      await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
      expect(await screen.findByText('Missing information')).toBeInTheDocument();
      expect(
        screen.getByText('Please select a category and enter your feedback'),
      ).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
      expect(screen.getByRole('dialog', { name: 'Send Beta Feedback' })).toBeInTheDocument();
    },
  );

  it('when the server fails, then the failure toast shows and the form keeps what was typed', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'POST /api/feedback': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    const user = await openForm();
    await choose(user, 'Performance');
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'Slow dashboard');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(
      await screen.findByText('Failed to submit feedback. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your feedback' })).toHaveValue('Slow dashboard');
    expect(sentDialog()).toBeNull();
  });

  it('when Cancel is chosen, then the form closes without sending', async () => {
    const { calls } = mockFetch({ 'GET /api/user/profile': { body: profileFixture() } });
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send Beta Feedback' })).not.toBeInTheDocument(),
    );
    await act(async () => {});
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
