import { z } from 'zod';
import { loadConfig } from '@levelup/service-kit';

const url = (fallback: string) => z.url().default(fallback);

/** Everything the gateway needs to know, from the environment (style.md: config parsed with zod at start-up). */
export const gatewayConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  IDENTITY_SECRET: z.string().min(16, 'IDENTITY_SECRET must be at least 16 characters'),
  IDENTITY_URL: url('http://127.0.0.1:4001'),
  QUESTS_URL: url('http://127.0.0.1:4002'),
  GOALS_URL: url('http://127.0.0.1:4003'),
  COMMUNITY_URL: url('http://127.0.0.1:4004'),
  FEEDBACK_URL: url('http://127.0.0.1:4005'),
  SHELL_URL: url('http://127.0.0.1:3000'),
  REMOTE_QUESTS_URL: url('http://127.0.0.1:3001'),
  REMOTE_GOALS_URL: url('http://127.0.0.1:3002'),
  REMOTE_COMMUNITY_URL: url('http://127.0.0.1:3003'),
  REMOTE_PROGRESSION_URL: url('http://127.0.0.1:3004'),
  /** An upstream that has not answered by then gets a JSON 504 (a refused connection is a 502 at once). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long a resolved session is reused; a sign-out through the gateway drops it at once. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(2000),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigShape, env);
}
