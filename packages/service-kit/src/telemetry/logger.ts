import { pino, stdSerializers, type DestinationStream, type Logger as Pino } from 'pino';
import { currentRequestId } from '../request-context.ts';
import { currentTraceIds } from './tracing.ts';
import { redactUrl, redactValue } from './redact.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** The logging API every part of the services calls: a message first, then its fields. */
export interface Logger {
  readonly name: string;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const LEVELS = new Set<string>(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/** LOG_LEVEL when it names a level; tests stay quiet except for errors. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LOG_LEVEL?.toLowerCase();
  if (configured && LEVELS.has(configured)) return configured;
  return env.VITEST ? 'error' : 'info';
}

/**
 * Never written, whatever a caller passes: fields with these names, in a line's fields or one level down
 * (`{ headers: { cookie } }`, `{ body: { password } }`), are written as '[redacted]'. Checked by hand
 * while the fields are read for errors anyway: pino's path-based redaction cost a few percent of the
 * gateway's CPU on every request line.
 */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'cookie',
  'set-cookie',
  'password',
  'newpassword',
  'currentpassword',
  'secret',
  'token',
  'authorization',
]);
const CENSORED = '[redacted]';

/**
 * pino: one JSON line per entry with time, level, name, msg, the request id and the trace and
 * span ids of the current request or event. The launcher turns these lines into readable text when a
 * person watches a terminal; anything else (files, a log shipper) reads JSON.
 */
export function pinoFor(
  name: string | undefined,
  destination?: DestinationStream,
  level: string = logLevel(),
): Pino {
  return pino(
    {
      ...(name ? { name } : {}),
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const requestId = currentRequestId();
        const ids = currentTraceIds();
        return { ...(requestId ? { requestId } : {}), ...ids };
      },
    },
    destination,
  );
}

const isSecret = (key: string) => REDACTED_KEYS.has(key.toLowerCase());

function isRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A nested object (or a serialised error) with its secret fields censored and the secrets of URLs in its
 * strings redacted (redact.ts), or the object itself when it has none.
 */
function censored(value: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = value[key];
    const written = isSecret(key) ? CENSORED : redactValue(field);
    if (written !== field) (copy ??= { ...value })[key] = written;
  }
  return copy ?? value;
}

/**
 * What is written of a line's fields: secrets censored (see REDACTED_KEYS), secrets of URLs redacted in
 * every string (a calendar feed's token in a path, a sign-in code in a query: redact.ts), errors with
 * their name, message, stack and cause (JSON would drop them). The caller's object is never changed.
 */
function serialise(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  let copy: LogFields | undefined;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    const written = isSecret(key)
      ? CENSORED
      : value instanceof Error
        ? censored(stdSerializers.err(value) as unknown as Record<string, unknown>)
        : isRecord(value)
          ? censored(value)
          : redactValue(value);
    if (written !== value) (copy ??= { ...fields })[key] = written;
  }
  return copy ?? fields;
}

let processLogger: Pino | undefined;

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 200;

/**
 * Standard output, buffered: lines are written in batches of about 8 KB, or at the latest
 * FLUSH_EVERY_MS after they were logged, and whatever is left when the process exits. A line per
 * request written on its own cost every request a write to the pipe and a wake-up of whatever reads it
 * (the launcher, a container runtime): about a fifth of the throughput of a sequence of reads in the
 * load bench; batched, it costs next to nothing.
 */
function bufferedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // not ready yet, or a write in flight: the next tick takes it
    }
  }, FLUSH_EVERY_MS).unref();
  return stream;
}

/**
 * A named logger: a child of the process's one pino (one writer on standard output), or, with `write`
 * (tests, the launcher), a pino of its own that hands each line to it, at `level` (LOG_LEVEL's otherwise).
 */
export function createLogger(
  name: string,
  write?: (line: string) => void,
  level?: LogLevel,
): Logger {
  const log = write
    ? pinoFor(name, { write: (line: string) => write(line.replace(/\n$/, '')) }, level)
    : (processLogger ??= pinoFor(undefined, bufferedStdout())).child({ name });
  return {
    name,
    debug: (msg, fields) => log.debug(serialise(fields), redactUrl(msg)),
    info: (msg, fields) => log.info(serialise(fields), redactUrl(msg)),
    warn: (msg, fields) => log.warn(serialise(fields), redactUrl(msg)),
    error: (msg, fields) => log.error(serialise(fields), redactUrl(msg)),
  };
}
