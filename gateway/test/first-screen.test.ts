import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyIdentity, verifyInternal } from '@levelup/service-kit';
import { FIRST_SCREEN_DATA_ID } from '@levelup/contracts';
import { createApp } from '../src/app.ts';
import { gatewayConfigShape } from '../src/config.ts';

// A signed-in user's navigation to the dashboard gets the shell's first-screen template with the
// heading, the founder badge and the dashboard's reads written in; anything else gets the page as before.

const SECRET = 'test-secret-0123456789abcdef';
/** The session lookup as svc-identity checks its internal signature. */
const SESSION_LOOKUP = { service: 'svc-identity', method: 'GET', path: '/internal/session' };
const servers: http.Server[] = [];
const TEMPLATE =
  '<!doctype html><html><body><div id="root" data-prerendered="first-screen"><main>' +
  '<h1>%FIRST_SCREEN_HEADING%</h1>%FIRST_SCREEN_BADGE%</main></div></body></html>';
const PLAIN = '<!doctype html><html><body><div id="root"></div></body></html>';

/** What the fake services answer: changed by each test. */
const state = {
  profile: { xp: 150, isFounder: true, userNumber: 7, displayName: 'Ada' } as Record<
    string,
    unknown
  >,
  quests: [{ id: 'q1', title: '</script><script>alert(1)</script>' }] as unknown[],
  overview: { totalXpEarned: 150, totalQuestsCompleted: 1 },
  questsStatus: 200,
  /** The quests service keeps its answers until the test lets them go. */
  questsHeld: false,
};
/** The held answers of the quests service, sent by release(). */
const held: (() => void)[] = [];
const release = () => held.splice(0).forEach((answer) => answer());
/** What reached each fake service: its name, the path and the headers. */
interface SeenRead {
  service: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}
const identitySeen: SeenRead[] = [];
const servicesSeen: SeenRead[] = [];

async function upstream(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

async function gateway(timeoutMs: string) {
  const identityUrl = await upstream((req, res) => {
    if (req.url === '/internal/session') {
      const signedIn =
        verifyInternal(req.headers, SECRET, SESSION_LOOKUP) &&
        (req.headers.cookie ?? '').includes('levelup.sid=good');
      json(res, signedIn ? { userId: 'user-1', role: 'member' } : {}, signedIn ? 200 : 401);
    } else {
      identitySeen.push({ service: 'svc-identity', url: req.url ?? '', headers: req.headers });
      if (req.url === '/api/user/profile') json(res, state.profile);
      else json(res, { error: 'not found' }, 404);
    }
  });
  const questsUrl = await upstream((req, res) => {
    servicesSeen.push({ service: 'svc-quests', url: req.url ?? '', headers: req.headers });
    const answer = () => {
      if (state.questsStatus !== 200) json(res, { error: 'broken' }, state.questsStatus);
      else if (req.url === '/api/dashboard/overview') json(res, state.overview);
      else if (req.url === '/api/quests') json(res, state.quests);
      else json(res, []);
    };
    if (state.questsHeld) held.push(answer);
    else answer();
  });
  const goalsUrl = await upstream((req, res) => {
    servicesSeen.push({ service: 'svc-goals', url: req.url ?? '', headers: req.headers });
    json(res, []);
  });
  const shellUrl = await upstream((req, res) => {
    const template = req.url === '/first-screen.html';
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': template
          ? "script-src 'self' 'sha256-template'"
          : "script-src 'self'",
      })
      .end(template ? TEMPLATE : PLAIN);
  });
  const config = z.object(gatewayConfigShape).parse({
    IDENTITY_SECRET: SECRET,
    IDENTITY_URL: identityUrl,
    QUESTS_URL: questsUrl,
    GOALS_URL: goalsUrl,
    SHELL_URL: shellUrl,
    FIRST_SCREEN_TIMEOUT_MS: timeoutMs,
  });
  const server = http.createServer(createApp(config).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;
let off: string;
beforeAll(async () => {
  base = await gateway('300');
  off = await gateway('0');
});

beforeEach(() => {
  state.profile = { xp: 150, isFounder: true, userNumber: 7, displayName: 'Ada' };
  state.quests = [{ id: 'q1', title: '</script><script>alert(1)</script>' }];
  state.overview = { totalXpEarned: 150, totalQuestsCompleted: 1 };
  state.questsStatus = 200;
  state.questsHeld = false;
  identitySeen.length = 0;
  servicesSeen.length = 0;
});

afterAll(async () => {
  release();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const navigate = (url: string, cookie = 'levelup.sid=good', dest = 'document') =>
  fetch(url, { headers: { cookie, 'sec-fetch-dest': dest, 'accept-encoding': 'br' } });

function embedded(html: string): Record<string, unknown> {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`),
  );
  if (!match) throw new Error('no embedded answers');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

describe('the dashboard first screen', () => {
  it('when a signed-in user navigates to the dashboard, then the heading, badge and reads are written in, for that user only', async () => {
    for (const path of ['/dashboard', '/']) {
      const response = await navigate(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('vary')).toContain('cookie');
      expect(response.headers.get('content-security-policy')).toBe(
        "script-src 'self' 'sha256-template'",
      );
      const html = await response.text();
      expect(html).toContain('<h1>Welcome back, Level 2 Adventurer!</h1>');
      expect(html).toContain('<span class="lu-first-tag">Founder #7</span>');
      const answers = embedded(html);
      expect(Object.keys(answers).sort()).toEqual([
        '/api/dashboard/overview',
        '/api/goals',
        '/api/life-tasks?includeCompleted=true',
        '/api/quests',
        '/api/quests/recurring',
        '/api/todos',
        '/api/user/profile',
      ]);
      expect(answers['/api/user/profile']).toEqual(state.profile);
      // A title that closes the block is written escaped, and reads back the same.
      expect(html).not.toContain('</script><script>alert(1)');
      expect(answers['/api/quests']).toEqual(state.quests);
    }
    // Every read went out as this user, signed as the gateway signs any API call.
    expect(servicesSeen.length).toBeGreaterThan(0);
    for (const { service, url, headers } of [...servicesSeen, ...identitySeen])
      expect(verifyIdentity(headers, SECRET, { service, method: 'GET', path: url })).toEqual({
        userId: 'user-1',
        role: 'member',
      });
  });

  it('when quest titles hold replacement patterns or a closing script tag, then they are written in literally', async () => {
    state.quests = ['$&', '$`', "$'", '$$', '$1', '</script>', 'a $` b </body> c'].map(
      (title, i) => ({ id: `q${i}`, title }),
    );
    const html = await (await navigate(`${base}/dashboard`)).text();
    // The page is the template once: nothing of it copied in by a pattern, one body and one data block.
    expect(html.startsWith('<!doctype html><html><body><div id="root"')).toBe(true);
    expect(html.split('<!doctype html>')).toHaveLength(2);
    expect(html.split('</body>')).toHaveLength(2);
    expect(html.endsWith('</script></body></html>')).toBe(true);
    expect(embedded(html)['/api/quests']).toEqual(state.quests);
  });

  it('when the user is new and no founder, then the new-adventurer greeting and no badge', async () => {
    state.profile = { xp: 0, isFounder: false, userNumber: null };
    state.quests = [];
    state.overview = { totalXpEarned: 0, totalQuestsCompleted: 0 };
    const html = await (await navigate(`${base}/dashboard`)).text();
    expect(html).toContain('<h1>Welcome, New Adventurer!</h1>');
    expect(html).not.toContain('lu-first-tag');
    expect(html).not.toContain('%FIRST_SCREEN_BADGE%');
  });

  it('when the request is not a navigation, not signed in or not the dashboard, then the page is the shell as before', async () => {
    const cases = [
      navigate(`${base}/dashboard`, 'levelup.sid=good', 'empty'), // a script's or the service worker's fetch
      navigate(`${base}/dashboard`, 'levelup.sid=expired'),
      fetch(`${base}/dashboard`, { headers: { 'sec-fetch-dest': 'document' } }),
      navigate(`${base}/quests`),
      navigate(`${off}/dashboard`), // FIRST_SCREEN_TIMEOUT_MS=0 turns it off
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(PLAIN);
    }
  });

  it('when a read fails or is later than the budget, then the page is the shell as before, without waiting for the read', async () => {
    state.questsStatus = 503;
    expect(await (await navigate(`${base}/dashboard`)).text()).toBe(PLAIN);
    state.questsStatus = 200;
    state.questsHeld = true;
    try {
      // The quests service has not answered (its answers are held), so only the budget can end the wait.
      expect(await (await navigate(`${base}/dashboard`)).text()).toBe(PLAIN);
      expect(held.length).toBeGreaterThan(0);
    } finally {
      release();
    }
  });
});
