// The index structure itself, checked against a plain sorted array under random inserts/deletes.
import { describe, expect, it } from 'vitest';
import { SortedKeys } from '../src/storage/sorted-keys.ts';
import { ClassBound, TypeClass, compareValues } from '../src/storage/values.ts';

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('SortedKeys', () => {
  it('when thousands of keys are inserted and removed at random, then range scans equal a naive filter', () => {
    const next = random(7);
    const keys = new SortedKeys();
    const model = new Map<string, number>();
    for (let step = 0; step < 20_000; step++) {
      const id = `id${Math.floor(next() * 5000)}`;
      const existing = model.get(id);
      if (existing !== undefined) {
        expect(keys.remove({ key: [existing], idKey: id })).toBe(true);
        model.delete(id);
      } else {
        const value = Math.floor(next() * 1000);
        keys.insert({ key: [value], idKey: id });
        model.set(id, value);
      }
    }
    expect(keys.size).toBe(model.size);
    for (const [low, high] of [
      [0, 999],
      [100, 100],
      [250, 260],
      [998, 2000],
    ] as const) {
      const scanned = [
        ...keys.range({ key: [low], inclusive: true }, { key: [high], inclusive: true }),
      ]
        .map((e) => e.idKey)
        .sort();
      const expected = [...model]
        .filter(([, v]) => v >= low && v <= high)
        .map(([id]) => id)
        .sort();
      expect(scanned).toEqual(expected);
    }
    const exclusive = [
      ...keys.range({ key: [10], inclusive: false }, { key: [20], inclusive: false }),
    ];
    expect(exclusive.every((e) => (e.key[0] as number) > 10 && (e.key[0] as number) < 20)).toBe(
      true,
    );
    const all = [...keys.all()].map((e) => e.key[0] as number);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('when a range is bounded only on one side, then it stays inside the bound value type', () => {
    const keys = new SortedKeys();
    const values: unknown[] = [1, 5, 'a', 'z', new Date(3), null, true, 10];
    values.forEach((value, i) => keys.insert({ key: [value], idKey: String(i) }));
    const numbersAbove4 = [
      ...keys.range(
        { key: [4], inclusive: false },
        { key: [new ClassBound(TypeClass.Number, 1)], inclusive: true },
      ),
    ];
    expect(numbersAbove4.map((e) => e.key[0])).toEqual([5, 10]);
    expect(compareValues(null, 0)).toBeLessThan(0);
    expect(compareValues('a', 1)).toBeGreaterThan(0);
  });
});
