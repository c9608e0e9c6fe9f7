import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Measure } from '@levelup/contracts';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { occurrenceFixture, seriesFixture } from '../../../test/fixtures.ts';
import { occurrenceItem } from './card-item.ts';
import { CreateQuestForm } from './create-quest-form.tsx';
import { QuestCard } from './quest-card.tsx';
import { SeriesCard } from './series-card.tsx';

// A routine whose target counts over a week: its edit form's "Per", and its day's card.

const NOW = new Date('2026-11-25T10:00:00Z');
const weekly: Measure = { rule: 'at_least', target: 100, unit: 'km', period: 'week' };
const handlers = { onComplete: () => {}, onProgress: () => {}, onAmount: () => {} };

function renderEdit(measure: Measure | null) {
  const series = seriesFixture({ title: 'Run', description: 'Around the park', tags: [], measure });
  const { calls } = mockFetch({
    'GET /api/user/profile': { body: profileFixture({ timeZone: 'UTC' }) },
    'PATCH /api/quests/recurring/s1': { body: series },
  });
  renderWithProviders(<CreateQuestForm editing={{ kind: 'series', series }} />);
  return calls;
}

async function saved(
  user: ReturnType<typeof userEvent.setup>,
  calls: ReturnType<typeof mockFetch>['calls'],
) {
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  return calls.find((c) => c.method === 'PATCH')?.body;
}

describe('edit routine form: the period of its target', () => {
  it('when a per-week routine is edited, then "Per" shows a week and a new target keeps the week', async () => {
    const calls = renderEdit(weekly);
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('combobox', { name: 'Per' });
    expect(screen.getByTitle('a week')).toBeInTheDocument();
    const target = screen.getByRole('spinbutton', { name: 'Target' });
    await user.clear(target);
    await user.type(target, '120');
    expect(await saved(user, calls)).toEqual({ measure: { ...weekly, target: 120 } });
  }, 60_000);

  it('when a per-week routine is saved with its target untouched, then no measure is sent', async () => {
    const calls = renderEdit(weekly);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Title'), ' far');
    expect(await saved(user, calls)).toEqual({ title: 'Run far' });
  }, 60_000);

  it('when a per-day routine is switched to a week, then the measure is sent with period week', async () => {
    const calls = renderEdit({ rule: 'at_least', target: 20, unit: 'km' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Per' }));
    await user.click(await screen.findByTitle('a week'));
    expect(await saved(user, calls)).toEqual({
      measure: { rule: 'at_least', target: 20, unit: 'km', period: 'week' },
    });
  }, 60_000);

  it('when a per-week routine is switched to a day, then the measure is sent without a period', async () => {
    const calls = renderEdit(weekly);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Per' }));
    await user.click(await screen.findByTitle('a day'));
    expect(await saved(user, calls)).toEqual({
      measure: { rule: 'at_least', target: 100, unit: 'km' },
    });
  }, 60_000);
});

describe("a per-week routine's day card", () => {
  it("when the day has 10 km and the week 45, then the card shows the week's total and asks for the day's amount", () => {
    const day = occurrenceFixture({ title: 'Run', measure: weekly, amount: 10, weekTotal: 45 });
    renderWithProviders(
      <ul>
        <QuestCard item={occurrenceItem(day)} now={NOW} timeZone="UTC" handlers={handlers} />
      </ul>,
    );
    const form = screen.getByRole('form', { name: 'Amount for Run' });
    expect(form).toHaveTextContent('At least 100 km a week · 45 / 100 km this week');
    expect(
      within(form).getByRole('spinbutton', { name: 'Amount for the day in km: Run' }),
    ).toHaveValue('10');
    expect(within(form).getByText('km this day')).toBeInTheDocument();
  });

  it("when the Quest Log's routine card has today's week total, then it shows it against the week's target", () => {
    const series = seriesFixture({
      title: 'Run',
      measure: weekly,
      todaysOccurrence: {
        id: 'o1',
        isCompleted: false,
        completionType: 'partial',
        hiddenFromDashboard: false,
        xpReward: 30,
        scheduledFor: '2026-11-25',
        amount: 10,
        weekTotal: 45,
      },
    });
    renderWithProviders(
      <ul>
        <SeriesCard series={series} now={NOW} timeZone="UTC" handlers={handlers} />
      </ul>,
    );
    expect(screen.getByText('45 / 100 km this week')).toBeInTheDocument();
  });

  it('when a per-day routine has an amount, then its card reads as before', () => {
    const measure: Measure = { rule: 'at_least', target: 20, unit: 'pages' };
    const day = occurrenceFixture({ title: 'Read', measure, amount: 12 });
    renderWithProviders(
      <ul>
        <QuestCard item={occurrenceItem(day)} now={NOW} timeZone="UTC" handlers={handlers} />
      </ul>,
    );
    expect(screen.getByText('12 / 20 pages')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Amount in pages: Read' })).toHaveValue('12');
  });
});
