import { pino } from 'pino';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/**
 * pino's JSON lines, as every process of the stack writes them: the launcher shows them
 * readably at a terminal. LOG_LEVEL is respected.
 */
function createConsoleLogger(): Logger {
  const level = process.env.LOG_LEVEL?.toLowerCase();
  const log = pino({
    name: 'mongo-embedded',
    level: level && LEVELS.has(level) ? level : 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return {
    info: (message) => log.info(message),
    warn: (message) => log.warn(message),
    error: (message) => log.error(message),
  };
}

export const consoleLogger: Logger = createConsoleLogger();

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
