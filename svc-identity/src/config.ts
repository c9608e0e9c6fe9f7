import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

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
  /** Where GET /api/login sends the browser when an external sign-in provider is configured. */
  EXTERNAL_LOGIN_URL: z.url().optional(),
};

export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;

export function loadIdentityConfig(
  env: Record<string, string | undefined> = process.env,
): IdentityConfig {
  return loadConfig(identityEnv, env);
}
