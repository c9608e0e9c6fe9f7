import { describe, expect, it } from 'vitest';
import { PRODUCT_SOURCES, linesOutsideComments, literalsIn } from './source-literals.ts';

/**
 * One table drives every event: an event type (which is its NATS subject) is written once, in the
 * contracts' EVENTS table, and producers, consumers, subject filters and rebuilds take it from there
 * (`makeEvent(EVENTS.x.type, ...)`, `subscribe(bus, { on: { [EVENTS.x.type]: ... } })`). This test reads
 * the product sources and fails on any string literal spelling an event type or a subject of one of the
 * domain streams.
 */

/** Files that may spell event types or subjects, and why. */
const ALLOWED: Record<string, string> = {
  'packages/contracts/src/events/table.ts': 'the EVENTS table itself',
  'packages/contracts/src/events/envelope.ts':
    "the streams and the subjects each holds ('quests.>'), which the table's entries name",
};

/** A quoted or template literal that starts with a domain stream's name, a dot and a letter or '>'. */
export const EVENT_LITERAL = /(['"`])(quests|identity|goals|community|feedback)\.[a-z_>$]/;

export function eventLiterals(text: string): { line: number; text: string }[] {
  return linesOutsideComments(text, EVENT_LITERAL);
}

describe('event types are written only in the EVENTS table', () => {
  it('when a product source outside the table spells an event type or subject, then this test names it', () => {
    expect(literalsIn(PRODUCT_SOURCES, ALLOWED, eventLiterals).found).toEqual([]);
  });

  it('when a line spells an event type or a subject, then it is found; in a comment or prose, it is not', () => {
    expect(eventLiterals("makeEvent('quests.completed', data)")).toHaveLength(1);
    expect(eventLiterals("filterSubject: 'community.co_focus.>'")).toHaveLength(1);
    expect(eventLiterals('if (type === `goals.${kind}`) return;')).toHaveLength(1);
    expect(eventLiterals("// 'quests.completed' in a comment\nconst a = 'quests';")).toEqual([]);
    expect(eventLiterals("/**\n * 'identity.user_renamed' in prose\n */\nconst b = 1;")).toEqual(
      [],
    );
  });

  it('when an allowed file is listed, then it exists and still needs its exception', () => {
    expect(literalsIn([], ALLOWED, eventLiterals).unneeded).toEqual([]);
  });
});
