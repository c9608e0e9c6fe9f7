import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context } from 'koa';
import {
  FIRST_SCREEN_BADGE_SLOT,
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_HEADING_SLOT,
  FIRST_SCREEN_PATHS,
  FIRST_SCREEN_READS,
  FIRST_SCREEN_TEMPLATE,
  firstScreenBadge,
  firstScreenHeading,
  type FirstScreenReads,
  type FirstScreenService,
} from '@levelup/contracts';
import { signIdentity, type UserRole } from '@levelup/service-kit';
import { escapeHtml } from './html.ts';

type Log = (message: string, fields?: Record<string, unknown>) => void;

export interface FirstScreenOptions {
  shellUrl: string;
  /** The base URL of the service's instance to read from (the next in its pool, as a proxied call goes). */
  serviceUrl: (service: FirstScreenService) => string;
  secret: string;
  /** The whole first screen's budget: past it the page is served as before, without one. */
  timeoutMs: number;
  log?: Log;
}

export interface SignedInUser {
  userId: string;
  role: UserRole;
}

/**
 * Whether a request may get the first screen (before any session lookup): the browser navigating to the
 * dashboard's page with a cookie. Fetch Metadata tells a navigation from a script's or the service worker's
 * own fetch of '/' (which keeps what it gets as the offline page, and must not keep a user's data).
 */
export function wantsFirstScreen(ctx: Context): boolean {
  return (
    ctx.method === 'GET' &&
    FIRST_SCREEN_PATHS.includes(ctx.path) &&
    ctx.get('sec-fetch-dest') === 'document' &&
    Boolean(ctx.get('cookie'))
  );
}

/** The reads in one order, for the parallel fetch and for naming their answers. */
const READS = Object.entries(FIRST_SCREEN_READS) as [
  keyof FirstScreenReads,
  { service: FirstScreenService; url: string },
][];

// Off the event loop: every other request keeps moving while a page is compressed.
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** JSON inside a <script> block: '<' written as \u003c, so no answer can close the block early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The template with its first `slot` replaced by `text` taken literally. String.replace with a string
 * would read `$&`, `$\``, `$'` and `$1` in the text as replacement patterns (a quest title is the user's).
 */
function insert(template: string, slot: string, text: string): string {
  const at = template.indexOf(slot);
  if (at < 0) return template;
  return template.slice(0, at) + text + template.slice(at + slot.length);
}

/**
 * The dashboard's first screen for a signed-in user (contracts first-screen.ts): the shell's
 * prerendered template with the user's heading and the dashboard's reads embedded, read in parallel with
 * the user's identity as the gateway signs it for any API call. Anything missing, failing or late (the
 * template, a read, a shape the heading cannot be told from) answers null, and the page is served as
 * before: the first screen only ever makes the page faster, never different or slower than the budget.
 */
export function createFirstScreen(options: FirstScreenOptions) {
  const { log = () => {} } = options;

  async function read(
    service: FirstScreenService,
    url: string,
    identity: { user: SignedInUser; requestId: string; cookie?: string },
    signal: AbortSignal,
  ): Promise<unknown> {
    // Signed as the gateway signs any API call: for this service, this GET and this path.
    const headers: Record<string, string> = {
      ...signIdentity({ ...identity.user, requestId: identity.requestId }, options.secret, {
        service: `svc-${service}`,
        method: 'GET',
        path: url,
      }),
      'x-request-id': identity.requestId,
      ...(identity.cookie ? { cookie: identity.cookie } : {}),
    };
    const response = await fetch(`${options.serviceUrl(service)}${url}`, { headers, signal });
    if (!response.ok) throw new Error(`${response.status} from ${url}`);
    return response.json();
  }

  async function template(signal: AbortSignal) {
    const response = await fetch(`${options.shellUrl}${FIRST_SCREEN_TEMPLATE}`, {
      headers: { 'accept-encoding': 'identity' },
      signal,
    });
    if (!response.ok) throw new Error(`${response.status} from the shell`);
    return { html: await response.text(), csp: response.headers.get('content-security-policy') };
  }

  /** The page's HTML with the first screen, or null to serve the page as before. */
  async function render(user: SignedInUser, requestId: string, cookie: string) {
    if (options.timeoutMs <= 0) return null;
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const [page, ...answers] = await Promise.all([
        template(signal),
        ...READS.map(([, { service, url }]) =>
          // svc-identity reads the session cookie itself, as it does behind the gateway's proxy.
          read(
            service,
            url,
            service === 'identity' ? { user, requestId, cookie } : { user, requestId },
            signal,
          ),
        ),
      ]);
      const reads = Object.fromEntries(
        READS.map(([name], i) => [name, answers[i]]),
      ) as FirstScreenReads;
      const heading = firstScreenHeading(reads);
      if (heading === null) throw new Error('the reads do not tell the heading');
      if (
        !page.html.includes(FIRST_SCREEN_HEADING_SLOT) ||
        !page.html.includes(FIRST_SCREEN_BADGE_SLOT)
      )
        throw new Error('the template has no slots');
      const badge = firstScreenBadge(reads);
      const embedded = Object.fromEntries(READS.map(([, { url }], i) => [url, answers[i]]));
      const html = insert(
        insert(
          insert(page.html, FIRST_SCREEN_HEADING_SLOT, escapeHtml(heading)),
          FIRST_SCREEN_BADGE_SLOT,
          badge === null ? '' : `<span class="lu-first-tag">${escapeHtml(badge)}</span>`,
        ),
        '</body>',
        `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(embedded)}</script></body>`,
      );
      return { html, csp: page.csp };
    } catch (error) {
      log('first screen skipped', { requestId, reason: (error as Error).message });
      return null;
    }
  }

  /** Answers the page with the first screen; false when it could not be written (serve it as before). */
  async function answer(ctx: Context, user: SignedInUser): Promise<boolean> {
    const page = await render(user, ctx.state.requestId as string, ctx.get('cookie'));
    if (!page) return false;
    ctx.status = 200;
    // The page holds this user's data: never kept by a cache, and it differs by session cookie.
    ctx.set('cache-control', 'no-store');
    ctx.vary('cookie');
    if (page.csp) ctx.set('content-security-policy', page.csp);
    ctx.type = 'text/html; charset=utf-8';
    const body = Buffer.from(page.html);
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    ctx.vary('accept-encoding');
    if (encoding === 'br') {
      ctx.set('content-encoding', 'br');
      ctx.body = await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    } else if (encoding === 'gzip') {
      ctx.set('content-encoding', 'gzip');
      ctx.body = await gzipped(body);
    } else ctx.body = body;
    return true;
  }

  return { answer };
}
