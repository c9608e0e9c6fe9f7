import { describe, expect, it } from 'vitest';
import {
  RANGE_LENGTH_MESSAGE,
  RANGE_ORDER_MESSAGE,
  questInLocalRange,
  resolveLocalRange,
} from './range.ts';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('resolveLocalRange', () => {
  it.each([
    // query, zone -> from, to
    [{}, 'UTC', '2026-11-21', '2026-11-21'],
    [{}, 'Pacific/Kiritimati', '2026-11-22', '2026-11-22'],
    [{}, 'Pacific/Pago_Pago', '2026-11-20', '2026-11-20'],
    [{ startDate: '2026-11-16' }, 'UTC', '2026-11-16', '2026-11-16'],
    [
      { startDate: '2026-11-16', endDate: '2026-11-22' },
      'Pacific/Pago_Pago',
      '2026-11-16',
      '2026-11-22',
    ],
    // instants are read in the user's zone
    [
      { startDate: '2026-11-16T10:00:00.000Z', endDate: '2026-11-22T09:59:59.999Z' },
      'Pacific/Kiritimati',
      '2026-11-17',
      '2026-11-22',
    ],
    [{ startDate: '2026-03-29T00:30:00+01:00' }, 'Europe/Berlin', '2026-03-29', '2026-03-29'],
    [{ startDate: '2026-01-01', endDate: '2026-12-31' }, 'UTC', '2026-01-01', '2026-12-31'],
    [{ startDate: '2028-01-01', endDate: '2028-12-31' }, 'UTC', '2028-01-01', '2028-12-31'],
  ] as const)('when the query is %o in %s, then the days are %s to %s', (query, zone, from, to) => {
    expect(resolveLocalRange(query, now, zone)).toEqual({ ok: true, range: { from, to } });
  });

  it.each([
    [{ startDate: '2026-11-22', endDate: '2026-11-21' }, RANGE_ORDER_MESSAGE],
    [{ endDate: '2026-11-20' }, RANGE_ORDER_MESSAGE],
    [{ startDate: '2026-01-01', endDate: '2027-01-02' }, RANGE_LENGTH_MESSAGE],
  ] as const)('when the query is %o, then it is refused with "%s"', (query, message) => {
    expect(resolveLocalRange(query, now, 'UTC')).toEqual({ ok: false, field: 'endDate', message });
  });
});

describe('questInLocalRange', () => {
  const range = { from: '2026-11-16', to: '2026-11-22' };
  it.each([
    ['no date', {}, true],
    ['due inside', { dueDate: '2026-11-18T12:00:00Z' }, true],
    ['due after', { dueDate: '2026-11-23T12:00:00Z' }, false],
    ['due before, open (overdue)', { dueDate: '2026-11-10T12:00:00Z' }, true],
    ['due before, done', { dueDate: '2026-11-10T12:00:00Z', isCompleted: true }, false],
    [
      'scheduled inside, due after',
      { scheduledTime: '2026-11-20T08:00:00Z', dueDate: '2026-11-30T08:00:00Z' },
      true,
    ],
    ['due on the last day late evening in the zone', { dueDate: '2026-11-23T10:59:59.999Z' }, true],
  ])('when a quest has %s, then in range is %s', (_label, fields, expected) => {
    const quest = { isCompleted: false, dueDate: null, scheduledTime: null, ...fields };
    expect(questInLocalRange(quest, range, 'Pacific/Pago_Pago')).toBe(expected);
  });
});
