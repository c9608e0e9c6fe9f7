import { currentRequestId } from './request-context.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly name: string;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const configured = process.env.LOG_LEVEL as LogLevel | undefined;
  if (configured && configured in order) return order[configured];
  return process.env.VITEST ? order.error : order.info;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      stack: value.stack,
      cause: serialise(value.cause),
    };
  }
  return value;
}

/**
 * One line per event: `[name] {"level":...,"msg":...,"requestId":...}`. The launcher interleaves
 * every process's output, so the prefix says whose line it is.
 */
export function createLogger(name: string, write: (line: string) => void = defaultWrite): Logger {
  const log = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (order[level] < threshold()) return;
    const requestId = currentRequestId();
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
    if (requestId) entry.requestId = requestId;
    for (const [key, value] of Object.entries(fields ?? {})) entry[key] = serialise(value);
    let body: string;
    try {
      body = JSON.stringify(entry);
    } catch {
      body = JSON.stringify({ time: entry.time, level, msg, requestId });
    }
    write(`[${name}] ${body}`);
  };
  return {
    name,
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}

function defaultWrite(line: string): void {
  process.stdout.write(`${line}\n`);
}
