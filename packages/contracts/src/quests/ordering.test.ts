import { describe, expect, it } from 'vitest';
import {
  dueBucketRank,
  isOnDaySchedule,
  sortDashboardQuests,
  sortLifeTasks,
  type OrderableLifeTask,
} from './ordering.ts';

const zone = 'America/New_York';
const now = new Date('2026-11-22T15:00:00.000Z'); // 10:00 in New York, Sunday 22 November
const endOfNy = (date: string) => new Date(`${date}T04:59:59.999Z`); // end of the previous NY day in winter (UTC-5)

describe('dueBucketRank (overdue 0, today 1, tomorrow 2, within 7 days 3, later 4, none 999)', () => {
  it.each([
    ['2026-11-21', 0],
    ['2026-11-22', 1],
    ['2026-11-23', 2],
    ['2026-11-24', 3],
    ['2026-11-29', 3],
    ['2026-11-30', 4],
  ])('when due at the end of %s, then the bucket is %i', (day, rank) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const nextDay = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    expect(dueBucketRank(endOfNy(nextDay), now, zone)).toBe(rank);
  });

  it('when there is no due date, then the bucket is 999', () => {
    expect(dueBucketRank(null, now, zone)).toBe(999);
  });
});

describe('sortDashboardQuests', () => {
  const q = (id: string, isCompleted: boolean, dueDate: string | null, createdAt: string) => ({
    id,
    isCompleted,
    dueDate,
    createdAt,
  });

  it('when quests are mixed, then open come first, then by due bucket, then oldest created first', () => {
    const quests = [
      q('done-overdue', true, '2026-11-20T12:00:00.000Z', '2026-11-01T00:00:00.000Z'),
      q('none-old', false, null, '2026-11-01T00:00:00.000Z'),
      q('later', false, '2026-12-25T12:00:00.000Z', '2026-11-01T00:00:00.000Z'),
      q('today-new', false, '2026-11-22T20:00:00.000Z', '2026-11-21T00:00:00.000Z'),
      q('today-old', false, '2026-11-22T20:00:00.000Z', '2026-11-02T00:00:00.000Z'),
      q('overdue', false, '2026-11-20T12:00:00.000Z', '2026-11-10T00:00:00.000Z'),
      q('tomorrow', false, '2026-11-23T20:00:00.000Z', '2026-11-10T00:00:00.000Z'),
      q('week', false, '2026-11-26T20:00:00.000Z', '2026-11-10T00:00:00.000Z'),
      q('done-none', true, null, '2026-10-01T00:00:00.000Z'),
    ];
    expect(sortDashboardQuests(quests, now, zone).map((x) => x.id)).toEqual([
      'overdue',
      'today-old',
      'today-new',
      'tomorrow',
      'week',
      'later',
      'none-old',
      'done-overdue',
      'done-none',
    ]);
    expect(quests[0]?.id).toBe('done-overdue');
  });
});

describe('isOnDaySchedule', () => {
  it.each([
    // isCompleted, scheduledTime, selectedDay, expected
    [false, null, '2026-11-22', true],
    [false, null, '2026-11-23', false],
    [true, null, '2026-11-22', false],
    [false, '2026-11-23T14:00:00.000Z', '2026-11-23', true],
    [false, '2026-11-23T14:00:00.000Z', '2026-11-22', false],
    [true, '2026-11-23T14:00:00.000Z', '2026-11-23', false],
    // 01:00Z on the 23rd is still the 22nd in New York
    [false, '2026-11-23T01:00:00.000Z', '2026-11-22', true],
    [false, '2026-11-23T01:00:00.000Z', '2026-11-23', false],
  ] as const)(
    'when completed=%s, scheduled %s and the selected day is %s, then shown: %s',
    (isCompleted, scheduledTime, day, expected) => {
      expect(isOnDaySchedule({ isCompleted, scheduledTime }, day, now, zone)).toBe(expected);
    },
  );
});

describe('sortLifeTasks (urgency order)', () => {
  const task = (
    id: string,
    priority: OrderableLifeTask['priority'],
    due: string | null,
    extra: Partial<OrderableLifeTask> = {},
  ) => ({
    id,
    isCompleted: false,
    priority,
    // The end of that New York day (its next UTC day at 04:59:59.999 in winter).
    dueDate: due
      ? new Date(new Date(`${due}T04:59:59.999Z`).getTime() + 86_400_000).toISOString()
      : null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  });
  it.each([
    [
      'overdue before due today',
      [task('today', 'low', '2026-11-22'), task('late', 'low', '2026-11-20')],
      ['late', 'today'],
    ],
    [
      'due today before tomorrow, whatever the priority',
      [task('tomorrow', 'high', '2026-11-23'), task('today', 'low', '2026-11-22')],
      ['today', 'tomorrow'],
    ],
    [
      'urgent without a date before high due tomorrow',
      [task('high', 'high', '2026-11-23'), task('urgent', 'urgent', null)],
      ['urgent', 'high'],
    ],
    [
      'due today before urgent next week',
      [task('urgent', 'urgent', '2026-11-27'), task('today', 'medium', '2026-11-22')],
      ['today', 'urgent'],
    ],
    [
      'urgent due today before medium due today',
      [task('medium', 'medium', '2026-11-22'), task('urgent', 'urgent', '2026-11-22')],
      ['urgent', 'medium'],
    ],
    [
      'in one bucket, priority then the earlier date',
      [
        task('low', 'low', '2026-11-25'),
        task('later', 'high', '2026-11-28'),
        task('sooner', 'high', '2026-11-26'),
      ],
      ['sooner', 'later', 'low'],
    ],
    [
      'a dated task before an undated one of the same priority',
      [task('none', 'medium', null), task('dated', 'medium', '2026-12-20')],
      ['dated', 'none'],
    ],
    [
      'open before done, even an urgent overdue done one',
      [task('done', 'urgent', '2026-11-20', { isCompleted: true }), task('open', 'low', null)],
      ['open', 'done'],
    ],
    [
      'the next due date of a recurring task counts',
      [
        task('monthly', 'medium', '2026-12-20', { nextDueDate: '2026-11-22T15:00:00.000Z' }),
        task('weekly', 'medium', '2026-11-23'),
      ],
      ['monthly', 'weekly'],
    ],
    [
      'otherwise the oldest first',
      [
        task('new', 'medium', null, { createdAt: '2026-11-10T00:00:00.000Z' }),
        task('old', 'medium', null),
      ],
      ['old', 'new'],
    ],
  ])('%s', (_rule, tasks, order) => {
    expect(sortLifeTasks(tasks, now, zone).map((t) => t.id)).toEqual(order);
  });
});
