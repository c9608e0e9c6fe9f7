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
      NATS_STREAM_REPLICAS: 1,
      PORT: 4002,
    });
  });

  it('when NATS_STREAM_REPLICAS names a cluster size, then it is a number; 0 or 7 is refused', () => {
    const env = { IDENTITY_SECRET: 'x'.repeat(16) };
    expect(
      loadConfig(shape, { ...env, NATS_STREAM_REPLICAS: '3' }, fail).NATS_STREAM_REPLICAS,
    ).toBe(3);
    for (const bad of ['0', '7', 'three'])
      expect(() => loadConfig(shape, { ...env, NATS_STREAM_REPLICAS: bad }, fail)).toThrow(
        /^config error: environment variable NATS_STREAM_REPLICAS is invalid/,
      );
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
