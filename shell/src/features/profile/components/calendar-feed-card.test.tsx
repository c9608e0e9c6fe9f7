import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const FIRST = `/api/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `/api/calendar/${'b'.repeat(43)}.ics`;
const feedState = (path: string) => ({
  body: { feed: { path, createdAt: '2026-03-01T15:00:00.000Z' } },
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Calendar Feed card', () => {
  it('without a link: explains what the feed holds and who can read it; Create calendar link shows the full URL, Copy puts it on the clipboard', async () => {
    const { calls } = mockFetch({
      'GET /api/calendar-feed': { body: { feed: null } },
      'POST /api/calendar-feed/rotate': feedState(FIRST),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CalendarFeedCard />);
    const card = screen.getByRole('region', { name: 'Calendar Feed' });
    expect(card).toHaveTextContent('Anyone with the link can read these events');
    expect(card).toHaveTextContent('from 30 days back to 90 days ahead');
    await user.click(await within(card).findByRole('button', { name: /Create calendar link/ }));
    const field = await within(card).findByRole('textbox', { name: 'Calendar feed URL' });
    expect(field).toHaveValue(`${window.location.origin}${FIRST}`);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: /Copy/ }));
    // userEvent's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${FIRST}`);
    expect(within(card).getByRole('status')).toHaveTextContent('Copied');
  });

  it('with a link: Rotate asks first, then shows the new link in place of the old one', async () => {
    const { calls } = mockFetch({
      'GET /api/calendar-feed': feedState(FIRST),
      'POST /api/calendar-feed/rotate': feedState(SECOND),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CalendarFeedCard />);
    const card = screen.getByRole('region', { name: 'Calendar Feed' });
    const field = await within(card).findByRole('textbox', { name: 'Calendar feed URL' });
    expect(field).toHaveValue(`${window.location.origin}${FIRST}`);
    await user.click(within(card).getByRole('button', { name: /Rotate/ }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const question = (await screen.findByText('Rotate the calendar link?')).closest('.ant-popover');
    await user.click(within(question as HTMLElement).getByRole('button', { name: 'Rotate' }));
    await vi.waitFor(() =>
      expect(within(card).getByRole('textbox', { name: 'Calendar feed URL' })).toHaveValue(
        `${window.location.origin}${SECOND}`,
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
