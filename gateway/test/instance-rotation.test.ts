import { describe, expect, it } from 'vitest';
import { instanceRotation } from '../src/instance-rotation.ts';

describe('instanceRotation', () => {
  it('when every instance is in, then each call starts with the next one', () => {
    const rotation = instanceRotation(['a', 'b', 'c'], { retryMs: 1_000 });
    expect([rotation.order(), rotation.order(), rotation.order(), rotation.order()]).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('when an instance failed, then it comes last until retryMs has passed or it answers', () => {
    const clock = { now: 0 };
    const rotation = instanceRotation(['a', 'b'], { retryMs: 1_000, now: () => clock.now });
    rotation.failed('a');
    expect(rotation.order()).toEqual(['b', 'a']);
    expect(rotation.order()).toEqual(['b', 'a']);
    clock.now = 1_001;
    expect(rotation.order()).toEqual(['a', 'b']);
    rotation.failed('b');
    rotation.answered('b');
    expect(rotation.order()).toEqual(['b', 'a']);
  });

  it('when every instance is out, then the first try goes to the one back soonest, a retry nowhere', () => {
    const clock = { now: 0 };
    const rotation = instanceRotation(['a', 'b', 'c'], { retryMs: 1_000, now: () => clock.now });
    expect([rotation.pick(), rotation.pick('b')]).toEqual(['a', 'c']);
    rotation.failed('b');
    clock.now = 10;
    rotation.failed('a');
    clock.now = 20;
    rotation.failed('c');
    expect(rotation.pick()).toBe('b');
    expect(rotation.pick('b')).toBeUndefined();
    expect(rotation.order()).toEqual(['b', 'a', 'c']);
  });

  it('when it follows another list, then each use takes that list when it is a new one, the instances that stay keep their state, and an empty one changes nothing', () => {
    const rotation = instanceRotation(['name'], { retryMs: 1_000 });
    let current: readonly string[] = ['a', 'b'];
    rotation.follow(() => current);
    expect(rotation.order()).toEqual(['a', 'b']);
    rotation.failed('a');
    current = ['a', 'b', 'c'];
    expect(rotation.order()).toEqual(['b', 'c', 'a']);
    current = [];
    expect(rotation.targets()).toEqual(['a', 'b', 'c']);
  });
});
