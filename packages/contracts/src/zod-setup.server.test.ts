import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './index.ts';

describe('zod in a service', () => {
  it('when the contracts load in Node, then zod keeps its JIT', () => {
    expect(z.config().jitless).not.toBe(true);
  });
});
