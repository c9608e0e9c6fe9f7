import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the test provider says about an account (its login is the subject). */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets what the provider says about a login from now on. */
  account(login: string, claims: TestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified library) on 127.0.0.1, for tests of
 * external sign-in. Its development login form takes any login and password; the login is the
 * account's subject. One client, with the secret and the redirect URI given.
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  /** What the provider says about a login nobody set with account() (only its subject otherwise). */
  defaultClaims?: (login: string) => TestAccount;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  // The issuer names the port, so the server listens before the provider exists.
  const app: { handle?: (req: never, res: never) => void } = {};
  const server: Server = createServer((req, res) => app.handle?.(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'levelup-test';
  const clientSecret = 'levelup-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['test-oidc-provider-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...(accounts.get(sub) ?? options.defaultClaims?.(sub)) }),
    }),
    // The development interactions (login and consent forms) stay on: that is the test's user.
    features: { devInteractions: { enabled: true } },
  });
  // The provider's own warnings about development settings are expected here.
  provider.on('server_error', () => {});
  app.handle = provider.callback() as never;
  return {
    issuer,
    clientId,
    clientSecret,
    account(login, claims) {
      accounts.set(login, claims);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
