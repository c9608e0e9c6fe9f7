import { describe, expect, it } from 'vitest';
import { RECENT_ACTIVITY_LIMIT, recentActivity } from './activity.ts';

describe('recentActivity (limit 8)', () => {
  it('when there are more than 8 completions, then the 8 newest come first', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      id: `q${i}`,
      title: `Quest ${i}`,
      completedAt: `2026-11-${String(10 + i).padStart(2, '0')}T08:00:00.000Z`,
    }));
    const recent = recentActivity(items);
    expect(RECENT_ACTIVITY_LIMIT).toBe(8);
    expect(recent.map((i) => i.id)).toEqual(['q9', 'q8', 'q7', 'q6', 'q5', 'q4', 'q3', 'q2']);
  });

  it('when an item was never completed, then it is left out', () => {
    expect(
      recentActivity([
        { id: 'a', title: 'A', completedAt: null },
        { id: 'b', title: 'B', completedAt: '2026-11-10T08:00:00.000Z' },
      ]).map((i) => i.id),
    ).toEqual(['b']);
  });
});
