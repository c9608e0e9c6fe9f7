import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLevelUp } from './use-level-up.ts';

describe('the level-up celebration', () => {
  it('when the XP passes a level, then it opens; when an Undo takes the level back, then it closes', () => {
    const { result, rerender } = renderHook(({ xp }) => useLevelUp(xp), {
      initialProps: { xp: 90 as number | undefined },
    });
    expect(result.current.celebrating).toBeNull();
    rerender({ xp: 110 });
    expect(result.current.celebrating).toEqual({ level: 2, previousXp: 0 });
    rerender({ xp: 90 });
    expect(result.current.celebrating).toBeNull();
    // Level 2 was celebrated on this page: reaching it again does not open the dialog a second time.
    rerender({ xp: 110 });
    expect(result.current.celebrating).toBeNull();
  });

  it('when XP moves within the celebrated level, then the dialog stays until dismissed', () => {
    const { result, rerender } = renderHook(({ xp }) => useLevelUp(xp), {
      initialProps: { xp: 90 },
    });
    rerender({ xp: 110 });
    rerender({ xp: 105 });
    expect(result.current.celebrating?.level).toBe(2);
    act(() => result.current.dismiss());
    expect(result.current.celebrating).toBeNull();
  });
});
