import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { meetupFixture } from '../../../test/fixtures.ts';
import { MeetupsPage } from './meetups-page.tsx';
import { ScheduleMeetupForm } from './schedule-meetup-form.tsx';

const LINK = 'https://discord.gg/levelup';
// Wednesday 18:30 in New York is Thursday 00:30 in Berlin.
const START = '2026-12-02T23:30:00.000Z';

function page(meetup: ReturnType<typeof meetupFixture>, profile = profileFixture()) {
  return mockFetch({
    'GET /api/user/profile': { body: profile },
    'GET /api/meetups': { body: { upcoming: [meetup], recent: [] } },
    'DELETE /api/meetups/m1/rsvp': {
      body: { ...meetup, attendingByMe: false, joinUrl: null, estimatedAttendees: 2 },
    },
    'PUT /api/meetups/m1/join-url': { body: { ...meetup, joinUrl: 'https://zoom.us/j/42' } },
  });
}

async function card() {
  const heading = await screen.findByRole('heading', { name: 'Weekly Check-in' });
  return within(heading.closest('.ant-card') as HTMLElement);
}

describe('meetup card', () => {
  it('when a Berlin member who joined reads a meetup, then Berlin time shows with ET beside it, and the link opens in a new tab', async () => {
    const meetup = meetupFixture({
      startsAt: START,
      timeZone: 'America/New_York',
      attendingByMe: true,
      hasJoinUrl: true,
      joinUrl: LINK,
    });
    page(meetup, profileFixture({ timeZone: 'Europe/Berlin' }));
    renderWithProviders(<MeetupsPage />);
    const scope = await card();
    expect(
      await scope.findByText(
        'Thu 3 Dec, 00:30 (your time, Europe/Berlin) · Wed 18:30 ET (organiser)',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Times in your time zone (Europe/Berlin), the organiser's beside them"),
    ).toBeInTheDocument();
    const link = scope.getByRole('link', { name: 'Open meeting link' });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(scope.queryByText('Join the meetup to see its link')).not.toBeInTheDocument();
  });

  it("when a member who joined says Can't make it, then the RSVP is taken back", async () => {
    const meetup = meetupFixture({ attendingByMe: true, hasJoinUrl: true, joinUrl: LINK });
    const { calls } = page(meetup);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MeetupsPage />);
    const scope = await card();
    await user.click(scope.getByRole('button', { name: "Can't make it to Weekly Check-in" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/meetups/m1/rsvp')).toBe(
        true,
      ),
    );
  });

  it('when a member has not joined a meetup with a link, then they are told to join to see it and no link is shown', async () => {
    page(meetupFixture({ hasJoinUrl: true, joinUrl: null }));
    renderWithProviders(<MeetupsPage />);
    const scope = await card();
    expect(scope.getByText('Join the meetup to see its link')).toBeInTheDocument();
    expect(scope.queryByRole('link')).not.toBeInTheDocument();
    expect(scope.queryByRole('button', { name: /Can't make it/ })).not.toBeInTheDocument();
    // Members cannot edit links.
    expect(scope.queryByRole('button', { name: /meeting link for/ })).not.toBeInTheDocument();
  });

  it('when a meetup has no link (stored before links), then the card shows neither a link nor the hint', async () => {
    page(meetupFixture({ attendingByMe: true }));
    renderWithProviders(<MeetupsPage />);
    const scope = await card();
    expect(scope.getByRole('button', { name: "You're going" })).toBeDisabled();
    expect(scope.queryByRole('link')).not.toBeInTheDocument();
    expect(scope.queryByText('Join the meetup to see its link')).not.toBeInTheDocument();
  });

  it('when an admin edits the link, then a plain http link is refused on the spot and an https one is saved', async () => {
    const { calls } = page(
      meetupFixture({ hasJoinUrl: true, joinUrl: LINK }),
      profileFixture({ role: 'admin' }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MeetupsPage />);
    const scope = await card();
    await user.click(
      await scope.findByRole('button', { name: 'Edit meeting link for Weekly Check-in' }),
    );
    const box = scope.getByLabelText('Meeting link for Weekly Check-in');
    expect(box).toHaveValue(LINK);
    await user.clear(box);
    await user.click(box);
    await user.paste('http://zoom.us/j/42');
    await user.click(scope.getByRole('button', { name: 'Save link' }));
    expect(await scope.findByText(/Meeting link must be an https:\/\/ web address/)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(box);
    await user.click(box);
    await user.paste('https://zoom.us/j/42');
    await user.click(scope.getByRole('button', { name: 'Save link' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        joinUrl: 'https://zoom.us/j/42',
      }),
    );
  });

  it('when an admin schedules with a meeting link, then it is posted; with a bad one nothing is', async () => {
    const { calls } = mockFetch({
      'POST /api/meetups': { status: 201, body: meetupFixture() },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ScheduleMeetupForm />);
    await user.type(screen.getByLabelText('Title'), 'Weekly Check-in');
    await user.type(screen.getByLabelText('Theme'), 'Wins');
    await user.type(screen.getByLabelText('Starts'), '2099-11-24T19:00');
    await user.click(screen.getByLabelText('Meeting link (optional)'));
    await user.paste('ftp://zoom.us/j/1');
    await user.click(screen.getByRole('button', { name: 'Schedule Meetup' }));
    expect(await screen.findByText(/Meeting link must be an https:\/\/ web address/)).toBeVisible();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Meeting link (optional)'));
    await user.paste(LINK);
    await user.click(screen.getByRole('button', { name: 'Schedule Meetup' }));
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ joinUrl: LINK }));
  });
});
