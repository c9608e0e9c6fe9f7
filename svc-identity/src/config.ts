import { z } from 'zod';
import { API } from '@levelup/contracts';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';
import type { OidcSettings } from './external-sign-in/oidc-client.ts';
import {
  PUSH_SEND_DEFAULTS,
  type PushSenderOptions,
  type VapidKeys,
} from './reminders/push-sender.ts';
import { DEFAULT_REMINDER_CONCURRENCY } from './reminders/scheduler.ts';

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
  /** External sign-in (OpenID Connect): the provider's issuer URL; unset, /api/login says so. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The development mail sink: emails (the confirmation links) are written as files here and logged. */
  MAIL_DIR: z.string().min(1).optional(),
  /** The origin browsers use (the gateway's): the provider sends them back to PUBLIC_URL/api/login/callback. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Web Push: the VAPID key pair (base64url, as web-push generates it); unset or empty, reminders stay in the app. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** A mailto: or https: contact the push services may use. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .default('mailto:reminders@levelup.invalid'),
  /** How often the reminder scheduler looks for due reminders, in milliseconds. */
  REMINDER_TICK_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * Comma-separated push service hosts reminders may be sent to (`fcm.googleapis.com`, or
   * `*.notify.windows.com` for any name under it); empty: any host whose addresses are public.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(\*\.)?[a-z0-9.-]+$/, 'each host is a name or *.name (no scheme, no port)'),
      ),
    ),
  /**
   * Test only: accept a push service stand-in on loopback (127.0.0.0/8, ::1) on any port. The test
   * harnesses and the end-to-end stack set it; a deployment never does.
   */
  PUSH_ALLOW_LOOPBACK_FOR_TESTS: z.stringbool().default(false),
  /** A push service's TCP connection and TLS handshake must be done within this, in milliseconds. */
  PUSH_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(PUSH_SEND_DEFAULTS.connectTimeoutMs),
  /** Reminders delivered at once by one instance; one user's reminders take one of them at a time. */
  REMINDER_SEND_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(DEFAULT_REMINDER_CONCURRENCY),
  /** One whole send (connection, request, answer) must be done within this, in milliseconds. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).default(PUSH_SEND_DEFAULTS.timeoutMs),
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
    redirectUri: new URL(API.loginCallback.path, config.PUBLIC_URL).href,
  };
}

/** The VAPID keys when both halves are set; a clear error when only one is. */
export function vapidOf(config: IdentityConfig): VapidKeys | undefined {
  if (!config.VAPID_PUBLIC_KEY && !config.VAPID_PRIVATE_KEY) return undefined;
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
  };
}

/** How reminders reach push services: which endpoints are allowed, and the timeouts of one send. */
export function pushSettingsOf(config: IdentityConfig): PushSenderOptions {
  return {
    policy: {
      allowLoopback: config.PUSH_ALLOW_LOOPBACK_FOR_TESTS,
      allowedHosts: config.PUSH_ALLOWED_HOSTS,
    },
    connectTimeoutMs: config.PUSH_CONNECT_TIMEOUT_MS,
    timeoutMs: config.PUSH_TIMEOUT_MS,
  };
}

export function loadIdentityConfig(
  env: Record<string, string | undefined> = process.env,
): IdentityConfig {
  return loadConfig(identityEnv, env);
}
