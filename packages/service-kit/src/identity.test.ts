import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { createServiceApp } from './app.ts';
import {
  IDENTITY_HEADERS,
  requireIdentity,
  serviceKey,
  signIdentity,
  signInternal,
  verifyIdentity,
  verifyInternal,
  type SignedRequest,
} from './identity.ts';
import { identityHeaders, serve } from './testing/index.ts';

const secret = 'unit-test-secret-0123456789';
const now = 1_780_000_000_000;
const request: SignedRequest = {
  service: 'svc-quests',
  method: 'POST',
  path: '/api/quests/q1/toggle?x=1',
  body: '{"a":1}',
};

function signed(userId = 'user-1', requestId = 'req-1', at = now): Record<string, string> {
  return {
    'x-request-id': requestId,
    ...signIdentity({ userId, requestId }, secret, request, at),
  };
}

describe('signIdentity / verifyIdentity', () => {
  it('when the gateway signs an identity, then it sends exactly the identity headers (user, role, time, signature)', () => {
    expect(
      Object.keys(signIdentity({ userId: 'u', requestId: 'r' }, secret, request, now)).sort(),
    ).toEqual([...IDENTITY_HEADERS].sort());
  });

  it('when the key is held as a key object, then the signature is still the HMAC-SHA256 of the service key over the signed fields', () => {
    const headers = signIdentity(
      { userId: 'user-1', requestId: 'req-00000001' },
      secret,
      request,
      now,
    );
    const again = signIdentity(
      { userId: 'user-1', requestId: 'req-00000001' },
      secret,
      request,
      now,
    );
    const body = createHash('sha256')
      .update(request.body ?? '')
      .digest('hex');
    const payload = `identity|user-1|member|req-00000001|POST|${request.path}|${body}|${now}`;
    const expected = createHmac('sha256', serviceKey(secret, 'svc-quests'))
      .update(payload)
      .digest('hex');
    expect(headers['x-identity-sig']).toBe(expected);
    expect(again['x-identity-sig']).toBe(expected);
  });

  it('when the signature is fresh and intact, then the service sees the user id and role', () => {
    expect(verifyIdentity(signed(), secret, request, now + 1_000)).toEqual({
      userId: 'user-1',
      role: 'member',
    });
    const admin = {
      'x-request-id': 'req-1',
      ...signIdentity(
        { userId: 'user-1', requestId: 'req-1', role: 'admin' },
        secret,
        request,
        now,
      ),
    };
    expect(verifyIdentity(admin, secret, request, now)).toEqual({
      userId: 'user-1',
      role: 'admin',
    });
  });

  it('when the signed request is replayed with another method, path, query or body, then it is refused', () => {
    for (const other of [
      { ...request, method: 'DELETE' },
      { ...request, path: '/api/quests/q2/toggle?x=1' },
      { ...request, path: '/api/quests/q1/toggle?x=2' },
      { ...request, body: '{"a":2}' },
      { ...request, body: undefined },
    ])
      expect(verifyIdentity(signed(), secret, other, now), JSON.stringify(other)).toBeNull();
  });

  it('when the signed request is replayed at another service, then it is refused: each service has its own key', () => {
    expect(verifyIdentity(signed(), secret, { ...request, service: 'svc-goals' }, now)).toBeNull();
    expect(serviceKey(secret, 'svc-quests').equals(serviceKey(secret, 'svc-goals'))).toBe(false);
    expect(serviceKey(secret, 'svc-quests')).toHaveLength(32);
  });

  it('when a member raises their own role after signing, or sends an unknown role, then it is refused', () => {
    expect(
      verifyIdentity({ ...signed(), 'x-user-role': 'admin' }, secret, request, now),
    ).toBeNull();
    expect(verifyIdentity({ ...signed(), 'x-user-role': 'root' }, secret, request, now)).toBeNull();
    const { 'x-user-role': _role, ...withoutRole } = signed();
    expect(verifyIdentity(withoutRole, secret, request, now)).toBeNull();
  });

  it('when the signature is older (or further ahead) than 10 seconds, then it is refused', () => {
    expect(verifyIdentity(signed(), secret, request, now + 10_001)).toBeNull();
    expect(verifyIdentity(signed(), secret, request, now - 10_001)).toBeNull();
    expect(verifyIdentity(signed(), secret, request, now + 10_000)).toEqual({
      userId: 'user-1',
      role: 'member',
    });
  });

  it('when the user id is swapped after signing, then it is refused', () => {
    expect(
      verifyIdentity({ ...signed(), 'x-user-id': 'someone-else' }, secret, request, now),
    ).toBeNull();
  });

  it('when the request id differs from the signed one, then it is refused', () => {
    expect(
      verifyIdentity({ ...signed(), 'x-request-id': 'other' }, secret, request, now),
    ).toBeNull();
  });

  it('when the timestamp is moved, then it is refused', () => {
    expect(
      verifyIdentity({ ...signed(), 'x-identity-ts': String(now + 5) }, secret, request, now),
    ).toBeNull();
  });

  it('when the signature is made with another secret, then it is refused', () => {
    const forged = {
      'x-request-id': 'req-1',
      ...signIdentity({ userId: 'user-1', requestId: 'req-1' }, 'wrong-secret', request, now),
    };
    expect(verifyIdentity(forged, secret, request, now)).toBeNull();
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
    expect(verifyIdentity(headers, secret, request, now)).toBeNull();
  });
});

describe('signInternal / verifyInternal', () => {
  it('when the gateway signs an internal call, then that service accepts it for that route within 10 seconds only', () => {
    const session: SignedRequest = {
      service: 'svc-identity',
      method: 'GET',
      path: '/internal/session',
    };
    const headers = signInternal(secret, session, now);
    expect(verifyInternal(headers, secret, session, now + 9_000)).toBe(true);
    expect(verifyInternal(headers, secret, session, now + 11_000)).toBe(false);
    expect(verifyInternal(headers, 'another-secret', session, now)).toBe(false);
    expect(verifyInternal(headers, secret, { ...session, service: 'svc-quests' }, now)).toBe(false);
    expect(verifyInternal(headers, secret, { ...session, path: '/internal/other' }, now)).toBe(
      false,
    );
    expect(verifyInternal({}, secret, session, now)).toBe(false);
  });
});

describe('requireIdentity over HTTP', () => {
  const router = new Router();
  router.all('/api/whoami', requireIdentity(secret, 'svc-test'), (ctx) => {
    ctx.body = { userId: ctx.state.userId };
  });
  const app = createServiceApp({ name: 'svc-test', routers: [router] });

  it('when a request has a valid identity for that request, then the route sees that user', async () => {
    const running = await serve(app);
    try {
      const response = await fetch(`${running.url}/api/whoami`, {
        headers: identityHeaders('ada', { service: 'svc-test', path: '/api/whoami' }, { secret }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ userId: 'ada' });
      const body = '{"note":"signed"}';
      const posted = await fetch(`${running.url}/api/whoami`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...identityHeaders(
            'ada',
            { service: 'svc-test', method: 'POST', path: '/api/whoami', body },
            { secret },
          ),
        },
        body,
      });
      expect(posted.status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('when a signed request is sent with another body or to another path, then it gets 401', async () => {
    const running = await serve(app);
    try {
      const headers = {
        'content-type': 'application/json',
        ...identityHeaders(
          'ada',
          { service: 'svc-test', method: 'POST', path: '/api/whoami', body: '{"amount":1}' },
          { secret },
        ),
      };
      const tampered = await fetch(`${running.url}/api/whoami`, {
        method: 'POST',
        headers,
        body: '{"amount":1000}',
      });
      expect(tampered.status).toBe(401);
      const elsewhere = await fetch(`${running.url}/api/whoami?as=other`, {
        method: 'POST',
        headers,
        body: '{"amount":1}',
      });
      expect(elsewhere.status).toBe(401);
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
        headers: identityHeaders(
          'ada',
          { service: 'svc-test', path: '/api/whoami' },
          { secret: 'not-the-secret' },
        ),
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
