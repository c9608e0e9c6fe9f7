/**
 * The operator's view of events the consumers gave up on (the DEADLETTER stream):
 *
 *   npm run events -- dead-letters list   [--consumer <durable | STREAM/durable>] [--id <event id | record seq>] [--json]
 *   npm run events -- dead-letters replay [--consumer ...] [--id ...]
 *
 * `replay` hands each matching record back to the consumer that gave it up (only that one); the record
 * leaves the list once the consumer applied it, and comes back (with the new error) if it fails again.
 * Handlers apply an event id once, so replaying twice applies once. NATS_URL as the services read it;
 * EVENTS_NAMESPACE only for tests (the bus namespace of a test file).
 */
import {
  connectBus,
  createLogger,
  type DeadLetter,
  type DeadLetterFilter,
} from '@levelup/service-kit';

export const USAGE =
  'usage: npm run events -- dead-letters list|replay [--consumer <durable or STREAM/durable>] [--id <event id or record seq>] [--json]';

export interface EventsCommand {
  action: 'list' | 'replay';
  filter: DeadLetterFilter;
  json: boolean;
}

/** The command in `argv` (the arguments after the script), or an error saying what is wrong. */
export function parseEventsCommand(argv: readonly string[]): EventsCommand | { error: string } {
  const [topic, action, ...rest] = argv;
  if (topic !== 'dead-letters') return { error: `unknown command ${topic ?? '(none)'}` };
  if (action !== 'list' && action !== 'replay')
    return { error: `unknown dead-letters action ${action ?? '(none)'}` };
  const filter: DeadLetterFilter = {};
  let json = false;
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i];
    if (flag === '--json') {
      json = true;
      continue;
    }
    if (flag !== '--consumer' && flag !== '--id') return { error: `unknown option ${flag}` };
    const value = rest[i + 1];
    if (value === undefined || value.startsWith('--') || value.trim() === '')
      return { error: `${flag} needs a value` };
    if (flag === '--consumer') filter.consumer = value;
    else filter.id = value;
    i += 1;
  }
  return { action, filter, json };
}

/** One line per record: what an operator needs to decide on a replay. */
export function describeDeadLetter(record: DeadLetter): string {
  return [
    `#${record.seq}`,
    record.deadLetteredAt,
    `${record.stream}/${record.consumer}`,
    record.type,
    record.eventId ?? '(no id)',
    `${record.reason} after ${record.deliveryCount} deliveries`,
    record.error,
  ].join('  ');
}

export async function runEvents(
  command: EventsCommand,
  options: { natsUrl: string; namespace?: string | undefined; out: (line: string) => void },
): Promise<DeadLetter[]> {
  const bus = await connectBus(options.natsUrl, 'levelup-events-cli', {
    namespace: options.namespace,
    logger: createLogger('levelup-events-cli', (line) => process.stderr.write(`${line}\n`), 'warn'),
  });
  try {
    if (command.action === 'list') {
      const records = await bus.listDeadLetters(command.filter);
      if (command.json) options.out(JSON.stringify(records, null, 2));
      else if (records.length === 0) options.out('no dead letters');
      else for (const record of records) options.out(describeDeadLetter(record));
      return records;
    }
    const matching = await bus.listDeadLetters(command.filter);
    const replayed = await bus.replayDeadLetters(command.filter);
    for (const record of replayed) options.out(`replayed ${describeDeadLetter(record)}`);
    for (const record of matching.filter((r) => r.event === null))
      options.out(`not replayable (unreadable payload) ${describeDeadLetter(record)}`);
    if (command.json) options.out(JSON.stringify(replayed, null, 2));
    else options.out(`${replayed.length} dead letter(s) replayed`);
    return replayed;
  } finally {
    await bus.close();
  }
}

if (import.meta.main) {
  const command = parseEventsCommand(process.argv.slice(2));
  if ('error' in command) {
    console.error(`${command.error}\n${USAGE}`);
    process.exit(2);
  }
  try {
    await runEvents(command, {
      natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      namespace: process.env.EVENTS_NAMESPACE || undefined,
      out: (line) => console.log(line),
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
