import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDate } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import CalendarView from './calendar-view.tsx';

const month = localDate(new Date(), 'Europe/London').slice(0, 7);

describe('Calendar View', () => {
  it('when a day has activity, then its label carries the tooltip text and a star, and selecting it shows the detail with Total XP', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/dashboard/calendar': {
        body: {
          [`${month}-03`]: {
            questsCompleted: 2,
            goalsCompleted: [{ id: 'g1', title: 'Run a 5k' }],
            lifeTasksCompleted: 1,
            totalXp: 60,
            maintenanceXp: 2,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarView />);
    const day = await screen.findByRole('button', {
      name: /3: 2 quests, 1 goals, 1 life tasks, star day$/,
    });
    expect(screen.getAllByRole('button', { name: /No activity$/ }).length).toBeGreaterThan(20);
    await user.click(day);
    const detail = screen.getByRole('region', { name: /^Activity on/ });
    expect(within(detail).getByText('Total XP: 62')).toBeInTheDocument();
    expect(within(detail).getByText(/Run a 5k/)).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: "This Month's Summary" });
    expect(within(summary).getByText('62')).toBeInTheDocument();
    expect(within(summary).getByText('Goals achieved')).toBeInTheDocument();
  });

  it('when a quiet day is selected, then it says "No activity recorded"', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/dashboard/calendar': { body: {} },
    });
    const user = userEvent.setup();
    renderWithProviders(<CalendarView />);
    await user.click((await screen.findAllByRole('button', { name: /No activity$/ }))[0]!);
    expect(screen.getByText('No activity recorded')).toBeInTheDocument();
  });

  it('when the calendar cannot load, then "Calendar Unavailable" shows with the toast', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'GET /api/dashboard/calendar': { status: 500, body: { error: { code: 'x', message: 'x' } } },
    });
    renderWithProviders(<CalendarView />);
    expect(await screen.findByText('Calendar Unavailable')).toBeInTheDocument();
    expect(await screen.findByText('Please try selecting a different month')).toBeInTheDocument();
  });
});
