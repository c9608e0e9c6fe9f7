// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRequestSchema } from './index.ts';

describe('zod in a browser', () => {
  it('when the contracts load in a page, then zod runs without its JIT and still validates', () => {
    expect(z.config().jitless).toBe(true);
    expect(registerRequestSchema.safeParse({ username: 'ab' }).success).toBe(false);
  });
});
