import { z } from 'zod';

/**
 * Parses the process environment with a zod shape at start-up. A bad or missing value stops the
 * process with one readable line naming the variable.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
  onInvalid: (line: string) => never = exitWithLine,
): z.infer<z.ZodObject<Shape>> {
  const parsed = z.object(shape).safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path.map(String).join('.') || 'environment';
  const value = env[variable];
  const reason =
    value === undefined || value === ''
      ? 'is missing'
      : `is invalid (${issue?.message ?? 'bad value'})`;
  return onInvalid(`config error: environment variable ${variable} ${reason}`);
}

function exitWithLine(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Shared environment entries (common.md, "Env"). Spread into a service's own shape. */
export const commonEnv = {
  MONGO_URL: z.string().min(1).default('mongodb://127.0.0.1:27017'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  IDENTITY_SECRET: z.string().min(16, 'must be at least 16 characters'),
  /**
   * The address the service's HTTP server (API and /metrics) listens on: unset, every interface (a
   * container, reached by the gateway over its network); `npm start` sets 127.0.0.1, so nothing but the
   * gateway on the same machine reaches a service.
   */
  BIND_HOST: z.string().min(1).optional(),
  /**
   * Keeps a second stack (the end-to-end suite, a benchmark) on a shared NATS server apart from the
   * development stack: subjects get this prefix and stream names this suffix. Unset in production.
   */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]+$/, 'only lower-case letters and digits')
    .optional(),
  /**
   * How many copies JetStream keeps of each stream a service creates: 1 on one server, 3 on a
   * three-node NATS cluster (a stream survives the loss of one node). Asked for when a stream is
   * created, and an existing stream is moved to it.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
};

/** A TCP port given as a string, with a default. */
export function portEnv(defaultPort: number) {
  return z.coerce.number().int().min(0).max(65535).default(defaultPort);
}
