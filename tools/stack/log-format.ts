/**
 * How the launcher shows its children's log lines. Every process writes pino's JSON lines; a
 * person at a terminal reads them as `INFO: request {"route":...}` (pino-pretty), anything else (a pipe,
 * a file, CI) gets the JSON untouched. LOG_FORMAT=json or LOG_FORMAT=pretty overrides the guess.
 */
import { prettyFactory } from 'pino-pretty';

export type LineFormat = (line: string) => string;

export function prettyLogs(
  env: NodeJS.ProcessEnv = process.env,
  tty = process.stdout.isTTY,
): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return tty === true;
}

const asIs: LineFormat = (line) => line;

/** A JSON log line made readable; anything that is not one (a crash trace, a tool's output) as it came. */
export function lineFormat(pretty: boolean = prettyLogs()): LineFormat {
  if (!pretty) return asIs;
  const format = prettyFactory({
    colorize: process.stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The launcher's own prefix names the process.
    ignore: 'name',
  });
  return (line) => (line.startsWith('{') ? format(line).replace(/\n$/, '') : line);
}
