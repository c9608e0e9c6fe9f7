import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { meetupFixture } from '../../../test/fixtures.ts';
import { MeetupsPage } from './meetups-page.tsx';
import { ScheduleMeetupForm } from './schedule-meetup-form.tsx';

describe('meetups page', () => {
  it('when meetups load, then upcoming and recent show with guidelines; Join Meetup sends an RSVP', async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/meetups': {
        body: {
          upcoming: [meetupFixture()],
          recent: [
            meetupFixture({
              id: 'm2',
              title: 'Game Night',
              date: 'Sat, Nov 14',
              isUpcoming: false,
            }),
          ],
        },
      },
      'POST /api/meetups/m1/rsvp': {
        body: meetupFixture({ estimatedAttendees: 4, attendingByMe: true }),
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MeetupsPage />);
    expect(await screen.findByText('Weekly Check-in')).toBeInTheDocument();
    expect(screen.getByText('Tue, Nov 24 · 7:00 PM · 3 expected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Recording' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'What to Expect' })).toBeInTheDocument();
    expect(screen.getByText('Respect neurodivergent experiences')).toBeInTheDocument();
    // A member sees no scheduling form.
    expect(screen.queryByRole('heading', { name: 'Schedule a Meetup' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Meetup' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/meetups/m1/rsvp')).toBe(
        true,
      ),
    );
  });

  it('when an admin fills in the schedule form, then the contract shape is posted', async () => {
    const { calls } = mockFetch({
      'POST /api/meetups': { status: 201, body: meetupFixture() },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ScheduleMeetupForm />);
    const form = screen.getByRole('heading', { name: 'Schedule a Meetup' }).closest('.ant-card');
    const scope = within(form as HTMLElement);
    await user.type(scope.getByLabelText('Title'), 'Weekly Check-in');
    await user.type(scope.getByLabelText('Theme'), 'Wins');
    await user.type(scope.getByLabelText('Starts'), '2099-11-24T19:00');
    await user.click(scope.getByRole('button', { name: 'Schedule Meetup' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls[0]?.body).toEqual({
      title: 'Weekly Check-in',
      theme: 'Wins',
      description: '',
      startsAt: new Date('2099-11-24T19:00').toISOString(),
      platform: 'Discord',
      type: 'check-in',
    });
  });
});
