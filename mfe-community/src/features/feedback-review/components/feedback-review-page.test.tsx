import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Feedback } from '@levelup/contracts';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { FeedbackReviewRoute } from '../../../app/feedback-review-route.tsx';
import { FeedbackReviewPage } from './feedback-review-page.tsx';

const item = (fields: Partial<Feedback> = {}): Feedback => ({
  id: 'f1',
  category: 'bug',
  message: 'The calendar skips a day',
  url: '/dashboard',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  createdAt: '2026-11-02T15:30:00.000Z',
  isReviewed: false,
  adminNotes: null,
  user: { displayName: 'Ada Lovelace', username: 'ada', email: null },
  ...fields,
});

const reviewedItem = item({
  id: 'f2',
  category: 'feature',
  message: 'Dark mode for the calendar',
  isReviewed: true,
  adminNotes: 'Planned for December',
  user: null,
});

const card = (name: string) => screen.getByRole('article', { name });

describe('Beta Feedback admin page', () => {
  it('when a member opens it, then the server says 403 and the page says it is not allowed', async () => {
    const { calls } = mockFetch({
      'GET /api/feedback': {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Only admins can do that' } },
      },
    });
    renderWithProviders(<FeedbackReviewPage />);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/Only admins can read and review beta feedback/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return Home' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Beta Feedback' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/feedback']);
  });

  it('when there is no feedback, then the counts are 0 and it says No feedback yet', async () => {
    mockFetch({
      'GET /api/feedback': { body: [] },
      'GET /api/feedback/counts': { body: { new: 0, reviewed: 0 } },
    });
    renderWithProviders(<FeedbackReviewPage />);
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Beta Feedback' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New Feedback' })).not.toBeInTheDocument();
  });

  it('when feedback loads, then the counts, New and Reviewed sections show, with the user agent behind Show details', async () => {
    mockFetch({
      'GET /api/feedback': { body: [item(), reviewedItem] },
      'GET /api/feedback/counts': { body: { new: 7, reviewed: 3 } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeedbackReviewPage />);
    const fresh = within(await screen.findByRole('region', { name: 'New Feedback' }));
    expect(fresh.getByText('The calendar skips a day')).toBeInTheDocument();
    expect(fresh.getByText('Bug')).toBeInTheDocument();
    expect(fresh.getByText('/dashboard')).toBeInTheDocument();
    const reviewed = within(screen.getByRole('region', { name: 'Reviewed Feedback' }));
    expect(reviewed.getByText('Dark mode for the calendar')).toBeInTheDocument();
    expect(reviewed.getByText('Planned for December')).toBeInTheDocument();
    expect(within(card('Anonymous')).getByText('Feature idea')).toBeInTheDocument();
    // The server's counts cover all feedback, not just the listed page.
    await waitFor(() => expect(screen.getByText('7')).toBeInTheDocument());
    expect(screen.getByText('3')).toBeInTheDocument();

    const ada = within(card('Ada Lovelace'));
    expect(ada.getByText(/Chrome\/140/)).not.toBeVisible();
    await user.click(ada.getByRole('button', { name: 'Show details' }));
    expect(ada.getByText(/Chrome\/140/)).toBeVisible();
    await user.click(ada.getByRole('button', { name: 'Hide details' }));
    expect(ada.getByText(/Chrome\/140/)).not.toBeVisible();
  });

  it('when an admin marks an item reviewed with notes, then the notes are sent and the list refreshes', async () => {
    let reviewedNow = false;
    const { calls } = mockFetch({
      'GET /api/feedback': () => ({
        body: [reviewedNow ? item({ isReviewed: true, adminNotes: 'Fixed' }) : item()],
      }),
      'GET /api/feedback/counts': () => ({
        body: reviewedNow ? { new: 0, reviewed: 1 } : { new: 1, reviewed: 0 },
      }),
      'PATCH /api/feedback/f1': (call) => {
        reviewedNow = true;
        return { body: item({ isReviewed: true, adminNotes: (call.body as never)['adminNotes'] }) };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeedbackReviewPage />);
    await screen.findByRole('region', { name: 'New Feedback' });
    const ada = within(card('Ada Lovelace'));
    await user.type(ada.getByRole('textbox', { name: 'Admin notes' }), ' Fixed ');
    await user.click(ada.getByRole('button', { name: 'Mark as Reviewed' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        isReviewed: true,
        adminNotes: 'Fixed',
      }),
    );
    const reviewed = within(await screen.findByRole('region', { name: 'Reviewed Feedback' }));
    expect(await reviewed.findByText('The calendar skips a day')).toBeInTheDocument();
    expect(screen.getByText('Nothing new to review.')).toBeInTheDocument();
  });

  it('when an admin un-reviews an item, then isReviewed false is sent', async () => {
    const { calls } = mockFetch({
      'GET /api/feedback': { body: [reviewedItem] },
      'GET /api/feedback/counts': { body: { new: 0, reviewed: 1 } },
      'PATCH /api/feedback/f2': { body: { ...reviewedItem, isReviewed: false } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeedbackReviewPage />);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Anonymous' })).findByRole('button', {
        name: 'Mark as New',
      }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/feedback/f2',
        body: { isReviewed: false },
      }),
    );
  });

  it('when the list fails for another reason, then it says so with Retry', async () => {
    let fail = true;
    mockFetch({
      'GET /api/feedback': () =>
        fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } : { body: [] },
      'GET /api/feedback/counts': { body: { new: 0, reviewed: 0 } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeedbackReviewPage />);
    expect(await screen.findByText('Failed to load feedback')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
  });
  it('when members reported posts, then Reported Posts lists each with its reason, reporter and a deleted post said so', async () => {
    mockFetch({
      'GET /api/feedback': { body: [] },
      'GET /api/feedback/counts': { body: { new: 0, reviewed: 0 } },
      'GET /api/community/reports': {
        body: [
          {
            id: 'r1',
            postId: 'p1',
            postContent: 'Buy cheap followers here',
            reason: 'Spam',
            reportedBy: { displayName: 'Grace Hopper' },
            createdAt: '2026-11-03T10:00:00.000Z',
          },
          {
            id: 'r2',
            postId: 'p2',
            postContent: null,
            reason: null,
            reportedBy: { displayName: null },
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        ],
      },
    });
    renderWithProviders(<FeedbackReviewRoute />);
    const region = within(await screen.findByRole('region', { name: 'Reported Posts' }));
    const [spam, deleted] = await region.findAllByRole('article', { name: 'Reported post' });
    expect(within(spam!).getByText('Buy cheap followers here')).toBeInTheDocument();
    expect(within(spam!).getByText('Spam')).toBeInTheDocument();
    expect(within(spam!).getByText(/Reported by Grace Hopper/)).toBeInTheDocument();
    expect(within(deleted!).getByText('This post has since been deleted.')).toBeInTheDocument();
    expect(within(deleted!).getByText('None given')).toBeInTheDocument();
    expect(within(deleted!).getByText(/Reported by a member/)).toBeInTheDocument();
  });

  it('when nothing was reported, then Reported Posts says so', async () => {
    mockFetch({
      'GET /api/feedback': { body: [] },
      'GET /api/feedback/counts': { body: { new: 0, reviewed: 0 } },
      'GET /api/community/reports': { body: [] },
    });
    renderWithProviders(<FeedbackReviewRoute />);
    expect(await screen.findByText('No reported posts.')).toBeInTheDocument();
  });
});
