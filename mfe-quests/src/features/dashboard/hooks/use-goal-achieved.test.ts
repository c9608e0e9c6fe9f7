import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '@levelup/contracts';
import { useGoalAchieved } from './use-goal-achieved.ts';

const goal = (status: Goal['status'], currentXp: number, id = 'g1'): Goal => ({
  id,
  title: 'Get flexible',
  description: null,
  theme: 'health',
  targetXp: 30,
  currentXp,
  cadence: 'monthly',
  color: 'blue',
  icon: null,
  status,
  createdAt: '2026-11-01T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-28T10:00:00.000Z' : null,
});

const render = (goals: Goal[] | undefined) =>
  renderHook(({ list }) => useGoalAchieved(list), { initialProps: { list: goals } });

describe('the goal-achieved celebration', () => {
  it('when a goal seen active reaches its target, then it opens; when an Undo takes it back, then it closes', () => {
    const { result, rerender } = render([goal('active', 0)]);
    expect(result.current.achieved).toBeNull();
    rerender({ list: [goal('active', 20)] });
    expect(result.current.achieved).toBeNull();
    rerender({ list: [goal('completed', 40)] });
    expect(result.current.achieved).toMatchObject({ id: 'g1', currentXp: 40 });
    rerender({ list: [goal('active', 20)] });
    expect(result.current.achieved).toBeNull();
  });

  it('when the page opens on a goal already completed, or one completed while not seen, then nothing opens', () => {
    const { result, rerender } = render(undefined);
    rerender({ list: [goal('completed', 40)] });
    expect(result.current.achieved).toBeNull();
    rerender({ list: [goal('completed', 40), goal('completed', 50, 'g2')] });
    expect(result.current.achieved).toBeNull();
  });

  it('when dismissed, then it stays closed while the goal stays completed', () => {
    const { result, rerender } = render([goal('active', 10)]);
    rerender({ list: [goal('completed', 30)] });
    act(() => result.current.dismiss());
    rerender({ list: [goal('completed', 30)] });
    expect(result.current.achieved).toBeNull();
  });
});
