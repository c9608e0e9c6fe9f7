import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { feedItemFixture, postFixture } from '../test/fixtures.ts';
import { CommunityRoute } from './community-route.tsx';

describe('community page', () => {
  it('when a member types a post, then Share enables and the post is sent as a win by default', async () => {
    let posts = [postFixture({ type: 'struggle', content: 'Rough day' })];
    const { calls } = mockFetch({
      'GET /api/posts': () => ({ body: posts }),
      'GET /api/community/feed': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'POST /api/posts': ({ body }) => {
        const post = postFixture({ id: 'p2', ...(body as object), isMine: true });
        posts = [post, ...posts];
        return { status: 201, body: post };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityRoute />);
    expect(await screen.findByText('Support Needed')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toBeDisabled();
    await user.type(screen.getByLabelText('Your post'), '   ');
    expect(share).toBeDisabled();
    await user.type(screen.getByLabelText('Your post'), 'Ran 5k');
    expect(share).toBeEnabled();
    await user.click(share);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        content: 'Ran 5k',
        type: 'win',
      }),
    );
    expect(await screen.findByText('Ran 5k')).toBeInTheDocument();
    expect(screen.getByLabelText('Your post')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('when Like is pressed, then the like is sent and the count and state follow the answer', async () => {
    let post = postFixture();
    mockFetch({
      'GET /api/posts': () => ({ body: [post] }),
      'GET /api/community/feed': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'POST /api/posts/p1/like': () => {
        post = postFixture({ likes: 1, likedByMe: true });
        return { body: post };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityRoute />);
    const like = await screen.findByRole('button', { name: '0 likes', pressed: false });
    await user.click(like);
    expect(
      await screen.findByRole('button', { name: '1 like', pressed: true }),
    ).toBeInTheDocument();
  });

  it('when comments are opened and one is added, then it is posted and listed', async () => {
    let comments: unknown[] = [];
    mockFetch({
      'GET /api/posts': { body: [postFixture({ commentCount: 0 })] },
      'GET /api/community/feed': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'GET /api/posts/p1/comments': () => ({ body: comments }),
      'POST /api/posts/p1/comments': ({ body }) => {
        const comment = {
          id: 'c1',
          postId: 'p1',
          content: (body as { content: string }).content,
          createdAt: new Date().toISOString(),
          author: { displayName: 'Bob' },
          isMine: true,
        };
        comments = [comment];
        return { status: 201, body: comment };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityRoute />);
    await user.click(await screen.findByRole('button', { name: /0 comments/ }));
    const panel = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(panel).findByText('No comments yet.')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Write a comment'), 'Go you!');
    await user.click(within(panel).getByRole('button', { name: 'Comment' }));
    expect(await within(panel).findByText('Go you!')).toBeInTheDocument();
  });

  it('when Report is pressed, then it asks why and sends nothing until Report confirms; a second try says it is already reported', async () => {
    let post = postFixture();
    const { calls } = mockFetch({
      'GET /api/posts': () => ({ body: [post] }),
      'GET /api/community/feed': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'POST /api/posts/p1/report': ({ body }) => {
        post = postFixture({ reportedByMe: true });
        return {
          status: 201,
          body: {
            id: 'r1',
            postId: 'p1',
            postContent: post.content,
            reason: (body as { reason: string }).reason,
            reportedBy: { displayName: 'Me' },
            createdAt: new Date().toISOString(),
          },
        };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityRoute />);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Report Ada Lovelace's post?");
    const confirm = within(dialog).getByRole('button', { name: 'Report' });
    expect(confirm).toBeDisabled();
    // Other asks for words before Report can be pressed.
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('What is wrong with it?'), 'Pills');
    expect(confirm).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(confirm);
    expect(await screen.findByText('Post reported')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Spam' },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Reported' }));
    expect(await screen.findByText('Already reported')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 60_000);

  it('when the server says a post was already reported (another tab), then the page says so', async () => {
    mockFetch({
      'GET /api/posts': { body: [postFixture()] },
      'GET /api/community/feed': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'POST /api/posts/p1/report': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You already reported this post' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CommunityRoute />);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Already reported')).toBeInTheDocument();
  });

  it('when the feed has items, then names, difficulty, XP and times show, with Anonymous User and Recently when a name or time is missing', async () => {
    mockFetch({
      'GET /api/posts': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'GET /api/community/feed': {
        body: [
          feedItemFixture(),
          feedItemFixture({
            id: 'f2',
            user: { displayName: null, username: null },
            questDifficulty: 'easy',
            xpEarned: 10,
            completedAt: null,
          }),
        ],
      },
    });
    renderWithProviders(<CommunityRoute />);
    const feed = await screen.findByRole('list', { name: 'Community achievements' });
    expect(within(feed).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(feed).getByText('hard')).toBeInTheDocument();
    expect(within(feed).getByText('+100 XP')).toBeInTheDocument();
    expect(within(feed).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(feed).getByText('Anonymous User')).toBeInTheDocument();
    expect(within(feed).getByText('Recently')).toBeInTheDocument();
  });

  it('when the feed fails, then its error text shows', async () => {
    mockFetch({
      'GET /api/posts': { body: [] },
      'GET /api/community/mutes': { body: [] },
      'GET /api/community/feed': { status: 500, body: { error: { code: 'x', message: 'x' } } },
    });
    renderWithProviders(<CommunityRoute />);
    expect(await screen.findByText('Failed to load community achievements')).toBeInTheDocument();
  });
});
