import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@levelup/web-kit/testing';
import { occurrenceFixture, questFixture } from '../../../test/fixtures.ts';
import { occurrenceItem, questItem } from './card-item.ts';
import { QuestCard } from './quest-card.tsx';

// A card's first row: the headline, then the day's badge and the action when there are any. An empty
// box beside the headline would take a line of its own once the row wraps on a phone.

const NOW = new Date('2026-11-25T10:00:00Z');
const handlers = { onComplete: () => {}, onProgress: () => {}, onAmount: () => {} };

function firstRowOf(title: string): HTMLElement {
  return screen.getByRole('listitem', { name: title }).firstElementChild as HTMLElement;
}

describe('quest card: the first row', () => {
  it('when a measurable day is open with no amount, then the row holds the headline alone', () => {
    const day = occurrenceFixture({
      title: 'Read',
      measure: { rule: 'at_least', target: 20, unit: 'pages' },
      amount: null,
    });
    renderWithProviders(
      <ul>
        <QuestCard item={occurrenceItem(day)} now={NOW} timeZone="UTC" handlers={handlers} />
      </ul>,
    );
    expect(firstRowOf('Read').children).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Amount for Read' })).toBeInTheDocument();
  });

  it('when a one-time quest is open, then the row holds the headline and Complete', () => {
    renderWithProviders(
      <ul>
        <QuestCard
          item={questItem(questFixture({ title: 'Call the dentist' }))}
          now={NOW}
          timeZone="UTC"
          handlers={handlers}
        />
      </ul>,
    );
    const row = firstRowOf('Call the dentist');
    expect(row.children).toHaveLength(2);
    expect(row).toContainElement(
      screen.getByRole('button', { name: /Complete quest: Call the dentist/ }),
    );
  });
});
