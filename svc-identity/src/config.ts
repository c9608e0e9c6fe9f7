import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';
import type { OidcSettings } from './external-sign-in/oidc-client.ts';

export const identityEnv = {
  ...commonEnv,
  PORT: portEnv(4001),
  MONGO_DB: z.string().min(1).default('levelup_identity'),
  /** Comma-separated cookie signing keys; the first signs, all verify (rotation). */
  SESSION_KEYS: z
    .string()
    .min(1)
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(16, 'each key must be at least 16 characters')).min(1)),
  /** Set behind TLS termination (the gateway then forwards X-Forwarded-Proto). */
  COOKIE_SECURE: z.stringbool().default(false),
  /** Comma-separated usernames that get the admin role (read at start; also `npm run admin`). */
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /** External sign-in (OpenID Connect, issue 12): the provider's issuer URL; unset, /api/login says so. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The development mail sink: emails (the confirmation links) are written as files here and logged. */
  MAIL_DIR: z.string().min(1).optional(),
  /** The origin browsers use (the gateway's): the provider sends them back to PUBLIC_URL/api/login/callback. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
};

export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;

/** The OIDC settings when a provider is configured; a clear error when half of it is. */
export function externalSignInOf(config: IdentityConfig): OidcSettings | undefined {
  if (!config.OIDC_ISSUER) return undefined;
  if (!config.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER is set: OIDC_CLIENT_ID is required too');
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    redirectUri: new URL('/api/login/callback', config.PUBLIC_URL).href,
  };
}

export function loadIdentityConfig(
  env: Record<string, string | undefined> = process.env,
): IdentityConfig {
  return loadConfig(identityEnv, env);
}
