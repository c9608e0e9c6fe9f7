import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  TEST_IDENTITY_SECRET,
  startTestService,
  type TestInfra,
  type TestService,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';
import type { OidcSettings } from '../src/external-sign-in/oidc-client.ts';

export const SESSION_KEYS = ['test-session-key-0123456789', 'older-session-key-0123456789'];

export type IdentityHarness = TestService;

/** svc-identity over HTTP with its XP consumer and outbox poller, on the embedded MongoDB and the real NATS. */
export function startIdentity(
  infra?: TestInfra,
  options: {
    adminUsernames?: string[];
    externalSignIn?: OidcSettings;
    cookieSecure?: boolean;
    mailDir?: string;
    maxDeliver?: number;
    /** The time reminders and the confirmation-email allowance read. */
    clock?: () => Date;
  } = {},
): Promise<IdentityHarness> {
  return startTestService({
    name: 'svc-identity',
    createApp,
    startWorkers,
    deps: {
      sessionKeys: SESSION_KEYS,
      adminUsernames: options.adminUsernames ?? [],
      externalSignIn: options.externalSignIn,
      cookieSecure: options.cookieSecure ?? false,
      mailDir: options.mailDir,
      ...(options.clock ? { clock: options.clock } : {}),
    },
    infra,
    ...(options.maxDeliver ? { bus: { maxDeliver: options.maxDeliver } } : {}),
  });
}

/** A browser's cookies for one origin: enough to follow koa-session's signed cookie pair. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attr) => {
        const [key, val] = attr.split('=').map((part) => part.trim());
        return (
          key?.toLowerCase() === 'expires' &&
          val !== undefined &&
          new Date(val).getTime() <= Date.now()
        );
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface Client {
  jar: CookieJar;
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies field by field
  ): Promise<{ status: number; body: any; response: Response }>;
}

/** A browser-like client: sends and keeps cookies, never follows redirects. */
export function client(baseUrl: string): Client {
  const jar = new CookieJar();
  return {
    jar,
    async request(method, path, body, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(jar.header() ? { cookie: jar.header() } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      jar.store(response);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (e.g. a redirect body)
      }
      return { status: response.status, body: parsed, response };
    },
  };
}

let counter = 0;
/** A fresh, valid sign-up payload. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `hero_${tag}`,
    email: `hero_${tag}@example.com`,
    password: 'correct-horse',
    displayName: 'Ada Lovelace',
    timeZone: 'Europe/Berlin',
    ...overrides,
  };
}

export { TEST_IDENTITY_SECRET };

/**
 * The confirmation link last written to the development mail sink for `email`, as a path on the service
 * (the link itself points at the public origin); undefined when none was sent.
 */
export function confirmationLinkFor(mailDir: string, email: string): string | undefined {
  if (!existsSync(mailDir)) return undefined;
  const mails = readdirSync(mailDir)
    .sort()
    .map((file) => readFileSync(path.join(mailDir, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${email.toLowerCase()}\n`));
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mails.at(-1) ?? '')?.[0];
  if (!link) return undefined;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
