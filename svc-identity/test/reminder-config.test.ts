import { describe, expect, it } from 'vitest';
import { identityEnv, loadIdentityConfig, pushSettingsOf, vapidOf } from '../src/config.ts';

const base = { SESSION_KEYS: 'a-session-key-of-16+', IDENTITY_SECRET: 'x'.repeat(32) };

describe('VAPID configuration', () => {
  it('when both keys are set, then push is on with the subject given or the default one', () => {
    const config = loadIdentityConfig({
      ...base,
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
    });
    expect(vapidOf(config)).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'mailto:reminders@levelup.invalid',
    });
  });

  it('when neither is set (or both are empty, as compose passes them), then push is off', () => {
    expect(vapidOf(loadIdentityConfig(base))).toBeUndefined();
    expect(
      vapidOf(loadIdentityConfig({ ...base, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })),
    ).toBeUndefined();
  });

  it('when only one half is set, or the subject is not a contact, then start-up stops and says why', () => {
    expect(() => vapidOf(loadIdentityConfig({ ...base, VAPID_PUBLIC_KEY: 'pub' }))).toThrow(
      /set both or neither/,
    );
    expect(identityEnv.VAPID_SUBJECT.safeParse('ops@example.com').success).toBe(false);
    expect(identityEnv.VAPID_SUBJECT.safeParse('https://levelup.example').success).toBe(true);
  });
});

describe('push endpoint configuration', () => {
  it('by default, any public push service and never loopback; an allowlist and the test allowance only when set', () => {
    expect(pushSettingsOf(loadIdentityConfig(base))).toEqual({
      policy: { allowLoopback: false, allowedHosts: [] },
      connectTimeoutMs: 2000,
      timeoutMs: 5000,
    });
    const set = loadIdentityConfig({
      ...base,
      PUSH_ALLOWED_HOSTS: ' fcm.googleapis.com, *.Notify.Windows.com ',
      PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    });
    expect(pushSettingsOf(set).policy).toEqual({
      allowLoopback: true,
      allowedHosts: ['fcm.googleapis.com', '*.notify.windows.com'],
    });
    expect(identityEnv.PUSH_ALLOWED_HOSTS.safeParse('https://fcm.googleapis.com').success).toBe(
      false,
    );
  });
});
