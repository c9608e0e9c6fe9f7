import { z } from 'zod';
import { commonEnv, loadConfig } from '@levelup/service-kit';
import { parseTrustProxy } from './client-address.ts';
import { DEFAULT_STREAM_CAPS } from './stream-caps.ts';
import { isDnsServer } from './dns-discovery.ts';
import { DEFAULT_MAX_PER_INSTANCE } from './upstream-pool.ts';

const url = (fallback: string) => z.url().default(fallback);
/** Several instances of one service: comma-separated URLs; when set, it replaces the *_URL. */
const urls = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : undefined,
  )
  .pipe(z.array(z.url()).min(1, 'give at least one URL').optional());

/** Everything the gateway needs to know, from the environment, parsed with zod at start-up. */
export const gatewayConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where Prometheus reads the gateway's /metrics: a port of its own, never the public one; 0 for none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The address of the /metrics listener: every interface (compose's Prometheus); `npm start`: 127.0.0.1. */
  METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  IDENTITY_SECRET: z.string().min(16, 'IDENTITY_SECRET must be at least 16 characters'),
  IDENTITY_URL: url('http://127.0.0.1:4001'),
  QUESTS_URL: url('http://127.0.0.1:4002'),
  GOALS_URL: url('http://127.0.0.1:4003'),
  COMMUNITY_URL: url('http://127.0.0.1:4004'),
  FEEDBACK_URL: url('http://127.0.0.1:4005'),
  IDENTITY_URLS: urls,
  QUESTS_URLS: urls,
  GOALS_URLS: urls,
  COMMUNITY_URLS: urls,
  FEEDBACK_URLS: urls,
  /** How long an instance that refused or dropped a connection is left out before it is tried again. */
  UPSTREAM_RETRY_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Every this many ms, service URLs whose host is a name are re-resolved into all their addresses, each
   * one an instance (compose's --scale); 0 (the default) uses names as they are.
   */
  UPSTREAM_DNS_REFRESH_MS: z.coerce.number().int().min(0).default(0),
  /**
   * The DNS server those names are asked of ('address:port', port 53 when left out); unset, the
   * system's resolver (a pod's cluster DNS). The multi-instance rehearsal sets its own server, which
   * holds each service's ready instances.
   */
  UPSTREAM_DNS_SERVER: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isDnsServer(value), {
      message: 'UPSTREAM_DNS_SERVER: an IP address and port, e.g. 127.0.0.1:5353 or [::1]:53',
    }),
  SHELL_URL: url('http://127.0.0.1:3000'),
  REMOTE_QUESTS_URL: url('http://127.0.0.1:3001'),
  REMOTE_GOALS_URL: url('http://127.0.0.1:3002'),
  REMOTE_COMMUNITY_URL: url('http://127.0.0.1:3003'),
  REMOTE_PROGRESSION_URL: url('http://127.0.0.1:3004'),
  /**
   * How long the gateway may spend writing the dashboard's first screen (the shell's template and
   * the dashboard's reads, in parallel) before it serves the page without one; 0 turns the first screen off.
   */
  FIRST_SCREEN_TIMEOUT_MS: z.coerce.number().int().min(0).default(500),
  /**
   * A request's deadline at its service: a JSON 504 when it has no answer by then (a refused connection
   * is a 502 at once). A wait for a free slot counts in: past the deadline still waiting, a 503 with
   * Retry-After, never sent.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Ordinary requests in flight to one instance of a service at once; more wait for a slot. */
  UPSTREAM_MAX_PER_INSTANCE: z.coerce.number().int().min(1).default(DEFAULT_MAX_PER_INSTANCE),
  /** Live room streams open at once through this gateway: per user, per room, in all (stream-caps.ts). */
  STREAMS_PER_USER: z.coerce.number().int().min(1).default(DEFAULT_STREAM_CAPS.perUser),
  STREAMS_PER_ROOM: z.coerce.number().int().min(1).default(DEFAULT_STREAM_CAPS.perRoom),
  STREAMS_TOTAL: z.coerce.number().int().min(1).default(DEFAULT_STREAM_CAPS.total),
  /**
   * How long the session check with svc-identity may take (an indexed lookup): kept well below the
   * upstream timeout so a slow identity service and a slow upstream never add up to ten seconds.
   */
  SESSION_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  /**
   * How long a resolved session is reused while revocations are not heard over NATS; a sign-out through
   * the gateway drops it at once.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * How long a resolved session is reused while this gateway hears identity.session_revoked over NATS
   * (sign-outs anywhere, role changes): each event drops the sessions it names at once.
   */
  SESSION_CACHE_FOLLOWED_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 60_000),
  /** At most this many sessions are remembered (the oldest verification forgotten first). */
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(20_000),
  /** At most this many bytes (estimated) of remembered sessions. */
  SESSION_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /**
   * How long after svc-identity last verified a session the gateway keeps serving it while
   * svc-identity does not answer (stale-if-error; 0 turns it off). Revocations arrive over NATS.
   */
  SESSION_STALE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /**
   * Which peers may say who the client is with X-Forwarded-For / X-Forwarded-Proto: unset (nobody), a
   * number of hops, or comma-separated addresses and CIDR ranges ('loopback' for the machine itself).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine(
      (value) => {
        try {
          parseTrustProxy(value);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'TRUST_PROXY: a number of hops, or comma-separated addresses and CIDR ranges' },
    ),
  /**
   * The per-user and per-address limits on sign-ups, posts, comments, likes and new quests (rate-limit.ts).
   * 'off' only for a load bench that plays hundreds of users from one address; never in production.
   */
  RATE_LIMITS: z.enum(['on', 'off'], { error: "RATE_LIMITS must be 'on' or 'off'" }).default('on'),
  /** Where identity.session_revoked events come from; the gateway keeps working while NATS is away. */
  NATS_URL: commonEnv.NATS_URL,
  NATS_NAMESPACE: commonEnv.NATS_NAMESPACE,
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigShape, env);
}
