import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, linesOutsideComments, sources } from './source-literals.ts';

/**
 * One table drives every event: an event type (which is its NATS subject) is written once, in the
 * contracts' EVENTS table, and producers, consumers, subject filters and rebuilds take it from there
 * (`makeEvent(EVENTS.x.type, ...)`, `subscribe(bus, { on: { [EVENTS.x.type]: ... } })`). This test reads
 * the product sources and fails on any string literal spelling an event type or a subject of one of the
 * domain streams.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = [
  'gateway/src',
  'svc-identity/src',
  'svc-quests/src',
  'svc-goals/src',
  'svc-community/src',
  'svc-feedback/src',
  'shell/src',
  'mfe-quests/src',
  'mfe-goals/src',
  'mfe-community/src',
  'mfe-progression/src',
  'packages/web-kit/src',
  'packages/service-kit/src',
  'packages/contracts/src',
];

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
    const found: string[] = [];
    for (const dir of SCANNED) {
      for (const file of sources(path.join(ROOT, dir))) {
        const relative = path.relative(ROOT, file);
        if (isTest(relative) || relative in ALLOWED) continue;
        for (const hit of eventLiterals(readFileSync(file, 'utf8')))
          found.push(`${relative}:${hit.line}: ${hit.text}`);
      }
    }
    expect(found).toEqual([]);
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
    for (const file of Object.keys(ALLOWED))
      expect(
        eventLiterals(readFileSync(path.join(ROOT, file), 'utf8')).length,
        file,
      ).toBeGreaterThan(0);
  });
});
