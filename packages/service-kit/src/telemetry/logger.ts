import { pino, stdSerializers, type DestinationStream, type Logger as Pino } from 'pino';
import { currentRequestId } from '../request-context.ts';
import { currentTraceIds } from './tracing.ts';

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
 * Never written, whatever a caller passes: cookies, credentials and secrets anywhere in a line's fields
 * (two levels deep covers `{ headers: { cookie } }` and `{ body: { password } }`).
 */
export const REDACTED_PATHS = [
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'token',
  'authorization',
  '*.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.secret',
  '*.token',
  '*.authorization',
  '*.*.cookie',
  '*.*.password',
  '*.*.authorization',
  'headers["set-cookie"]',
];

/**
 * pino (issue 14): one JSON line per entry with time, level, name, msg, the request id and the trace and
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
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin() {
        const requestId = currentRequestId();
        const ids = currentTraceIds();
        return { ...(requestId ? { requestId } : {}), ...ids };
      },
    },
    destination,
  );
}

/** Errors anywhere in the fields keep their name, message, stack and cause (JSON would drop them). */
function serialise(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  let copy: LogFields | undefined;
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) {
      copy ??= { ...fields };
      copy[key] = stdSerializers.err(value);
    }
  }
  return copy ?? fields;
}

let processLogger: Pino | undefined;

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
    : (processLogger ??= pinoFor(undefined)).child({ name });
  return {
    name,
    debug: (msg, fields) => log.debug(serialise(fields), msg),
    info: (msg, fields) => log.info(serialise(fields), msg),
    warn: (msg, fields) => log.warn(serialise(fields), msg),
    error: (msg, fields) => log.error(serialise(fields), msg),
  };
}
