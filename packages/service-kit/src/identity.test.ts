import { describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { createServiceApp } from './app.ts';
import {
  IDENTITY_HEADERS,
  requireIdentity,
  signIdentity,
  signInternal,
  verifyIdentity,
  verifyInternal,
} from './identity.ts';
import { identityHeaders, serve } from './testing/index.ts';

const secret = 'unit-test-secret-0123456789';
const now = 1_780_000_000_000;

function signed(userId = 'user-1', requestId = 'req-1', at = now): Record<string, string> {
  return { 'x-request-id': requestId, ...signIdentity({ userId, requestId }, secret, at) };
}

describe('signIdentity / verifyIdentity', () => {
  it('when the gateway signs an identity, then it sends exactly the identity headers (user, role, time, signature)', () => {
    expect(Object.keys(signIdentity({ userId: 'u', requestId: 'r' }, secret, now)).sort()).toEqual(
      [...IDENTITY_HEADERS].sort(),
    );
  });

  it('when the signature is fresh and intact, then the service sees the user id and role', () => {
    expect(verifyIdentity(signed(), secret, now + 1_000)).toEqual({
      userId: 'user-1',
      role: 'member',
    });
    const admin = {
      'x-request-id': 'req-1',
      ...signIdentity({ userId: 'user-1', requestId: 'req-1', role: 'admin' }, secret, now),
    };
    expect(verifyIdentity(admin, secret, now)).toEqual({ userId: 'user-1', role: 'admin' });
  });

  it('when a member raises their own role after signing, or sends an unknown role, then it is refused', () => {
    expect(verifyIdentity({ ...signed(), 'x-user-role': 'admin' }, secret, now)).toBeNull();
    expect(verifyIdentity({ ...signed(), 'x-user-role': 'root' }, secret, now)).toBeNull();
    const { 'x-user-role': _role, ...withoutRole } = signed();
    expect(verifyIdentity(withoutRole, secret, now)).toBeNull();
  });

  it('when the signature is older than 60 seconds, then it is refused', () => {
    expect(verifyIdentity(signed(), secret, now + 60_001)).toBeNull();
    expect(verifyIdentity(signed(), secret, now + 60_000)).toEqual({
      userId: 'user-1',
      role: 'member',
    });
  });

  it('when the user id is swapped after signing, then it is refused', () => {
    expect(verifyIdentity({ ...signed(), 'x-user-id': 'someone-else' }, secret, now)).toBeNull();
  });

  it('when the request id differs from the signed one, then it is refused', () => {
    expect(verifyIdentity({ ...signed(), 'x-request-id': 'other' }, secret, now)).toBeNull();
  });

  it('when the timestamp is moved, then it is refused', () => {
    expect(
      verifyIdentity({ ...signed(), 'x-identity-ts': String(now + 5) }, secret, now),
    ).toBeNull();
  });

  it('when the signature is made with another secret, then it is refused', () => {
    const forged = {
      'x-request-id': 'req-1',
      ...signIdentity({ userId: 'user-1', requestId: 'req-1' }, 'wrong-secret', now),
    };
    expect(verifyIdentity(forged, secret, now)).toBeNull();
  });

  it.each([
    ['no headers', {}],
    ['only a user id', { 'x-user-id': 'user-1' }],
    [
      'a non-hex signature',
      { 'x-user-id': 'user-1', 'x-identity-ts': String(now), 'x-identity-sig': 'zz' },
    ],
    ['a garbage timestamp', { ...signed(), 'x-identity-ts': 'soon' }],
  ])('when the request carries %s, then it is refused', (_label, headers) => {
    expect(verifyIdentity(headers, secret, now)).toBeNull();
  });
});

describe('signInternal / verifyInternal', () => {
  it('when the gateway signs an internal call, then the service accepts it within 60 seconds only', () => {
    const headers = signInternal(secret, now);
    expect(verifyInternal(headers, secret, now + 59_000)).toBe(true);
    expect(verifyInternal(headers, secret, now + 61_000)).toBe(false);
    expect(verifyInternal(headers, 'another-secret', now)).toBe(false);
    expect(verifyInternal({}, secret, now)).toBe(false);
  });
});

describe('requireIdentity over HTTP', () => {
  const router = new Router();
  router.get('/api/whoami', requireIdentity(secret), (ctx) => {
    ctx.body = { userId: ctx.state.userId };
  });
  const app = createServiceApp({ name: 'svc-test', routers: [router] });

  it('when a request has a valid identity, then the route sees that user', async () => {
    const running = await serve(app);
    try {
      const response = await fetch(`${running.url}/api/whoami`, {
        headers: identityHeaders('ada', secret),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ userId: 'ada' });
    } finally {
      await running.close();
    }
  });

  it('when a client sends only x-user-id or a forged signature, then it gets 401 UNAUTHENTICATED', async () => {
    const running = await serve(app);
    try {
      const plain = await fetch(`${running.url}/api/whoami`, { headers: { 'x-user-id': 'ada' } });
      expect(plain.status).toBe(401);
      expect(await plain.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
      });
      const forged = await fetch(`${running.url}/api/whoami`, {
        headers: identityHeaders('ada', 'not-the-secret'),
      });
      expect(forged.status).toBe(401);
    } finally {
      await running.close();
    }
  });

  it('when /health is called without identity, then it answers ok with the service name', async () => {
    const running = await serve(app);
    try {
      const response = await fetch(`${running.url}/health`);
      expect(await response.json()).toEqual({ status: 'ok', service: 'svc-test' });
    } finally {
      await running.close();
    }
  });
});
