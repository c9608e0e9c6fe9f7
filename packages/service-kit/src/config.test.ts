import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from './config.ts';

const shape = { ...commonEnv, PORT: portEnv(4002) };
const fail = (line: string): never => {
  throw new Error(line);
};

describe('loadConfig', () => {
  it('when the environment has the secret only, then the defaults fill the rest', () => {
    expect(loadConfig(shape, { IDENTITY_SECRET: 'x'.repeat(16) }, fail)).toEqual({
      MONGO_URL: 'mongodb://127.0.0.1:27017',
      NATS_URL: 'nats://127.0.0.1:4222',
      IDENTITY_SECRET: 'x'.repeat(16),
      PORT: 4002,
    });
  });

  it('when a required variable is missing, then one line names it', () => {
    expect(() => loadConfig(shape, {}, fail)).toThrow(
      'config error: environment variable IDENTITY_SECRET is missing',
    );
  });

  it('when a value is invalid, then one line names the variable and the reason', () => {
    expect(() =>
      loadConfig(shape, { IDENTITY_SECRET: 'x'.repeat(16), PORT: 'eighty' }, fail),
    ).toThrow(/^config error: environment variable PORT is invalid/);
  });

  it('when a service adds its own variable, then it is parsed with the common ones', () => {
    const config = loadConfig(
      { ...shape, SESSION_KEYS: z.string().transform((v) => v.split(',')) },
      { IDENTITY_SECRET: 'y'.repeat(16), SESSION_KEYS: 'a,b' },
      fail,
    );
    expect(config.SESSION_KEYS).toEqual(['a', 'b']);
  });
});
