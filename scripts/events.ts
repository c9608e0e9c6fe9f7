/**
 * The operator's view of events the consumers gave up on (the DEADLETTER stream):
 *
 *   npm run events -- dead-letters list   [--consumer <durable | STREAM/durable>] [--id <event id | record seq>] [--json]
 *   npm run events -- dead-letters replay [--consumer ...] [--id ...]
 *   npm run events -- rebuild [identity] [goals] [community]
 *
 * `replay` hands each matching record back to the consumer that gave it up (only that one); the record
 * leaves the list once the consumer applied it, and comes back (with the new error) if it fails again.
 * Handlers apply an event id once, so replaying twice applies once.
 *
 * `rebuild` rebuilds the read models fed by events (svc-identity's XP, from quest completions and
 * co-focus bonuses; svc-goals' views, talents and linked goal XP; svc-community's feed) from the streams'
 * history into scratch databases
 * (`<database>_rebuild`, dropped afterwards), compares them with the live ones and prints every
 * difference; it exits 1 when there is one. The live databases are only read.
 *
 * NATS_URL and MONGO_URL as the services read them (each service's database is levelup_<service>);
 * EVENTS_NAMESPACE and EVENTS_DB_SUFFIX only for tests (a test file's bus namespace and database suffix).
 */
import {
  connectBus,
  connectMongo,
  createLogger,
  rebuildAndCompare,
  type DeadLetter,
  type DeadLetterFilter,
  type ReadModelRebuild,
  type RebuildReport,
} from '@levelup/service-kit';
import { xpRebuild } from '../svc-identity/src/index.ts';
import { goalsRebuild } from '../svc-goals/src/index.ts';
import { feedRebuild } from '../svc-community/src/index.ts';

/** The read models `rebuild` knows, by the service name they belong to, and their databases. */
export const REBUILDS: Record<string, { model: ReadModelRebuild; database: string }> = {
  identity: { model: xpRebuild, database: 'levelup_identity' },
  goals: { model: goalsRebuild, database: 'levelup_goals' },
  community: { model: feedRebuild, database: 'levelup_community' },
};

export const USAGE = [
  'usage: npm run events -- dead-letters list|replay [--consumer <durable or STREAM/durable>] [--id <event id or record seq>] [--json]',
  `       npm run events -- rebuild [${Object.keys(REBUILDS).join('] [')}]`,
].join('\n');

export type EventsCommand =
  | { action: 'list' | 'replay'; filter: DeadLetterFilter; json: boolean }
  | { action: 'rebuild'; services: string[] };

/** The command in `argv` (the arguments after the script), or an error saying what is wrong. */
export function parseEventsCommand(argv: readonly string[]): EventsCommand | { error: string } {
  const [topic, action, ...rest] = argv;
  if (topic === 'rebuild') {
    const services = argv.slice(1);
    const unknown = services.find((service) => !(service in REBUILDS));
    if (unknown !== undefined) return { error: `no read model to rebuild in ${unknown}` };
    return { action: 'rebuild', services: services.length > 0 ? services : Object.keys(REBUILDS) };
  }
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

/** One line per difference (the first 50 of a read model), then a summary line per read model. */
export function describeRebuild(report: RebuildReport): string[] {
  const lines = report.differences
    .slice(0, 50)
    .map(
      (d) => `  ${d.key}: live ${d.live ?? '(missing)'}, from history ${d.rebuilt ?? '(missing)'}`,
    );
  if (report.differences.length > 50)
    lines.push(`  ... and ${report.differences.length - 50} more`);
  lines.push(
    `${report.name}: ${report.events} events${
      report.refused > 0 ? ` (${report.refused} left out: they do not fit their schema)` : ''
    }, ${report.keys} entries rebuilt, ${
      report.differences.length === 0
        ? 'same as live'
        : `${report.differences.length} difference(s)`
    }`,
  );
  return lines;
}

export interface EventsOptions {
  natsUrl: string;
  mongoUrl?: string | undefined;
  namespace?: string | undefined;
  dbSuffix?: string | undefined;
  out: (line: string) => void;
}

async function rebuildAll(
  services: readonly string[],
  bus: Parameters<typeof rebuildAndCompare>[0],
  options: EventsOptions,
): Promise<RebuildReport[]> {
  if (!options.mongoUrl) throw new Error('MONGO_URL is needed to rebuild');
  const reports: RebuildReport[] = [];
  for (const service of services) {
    const { model, database } = REBUILDS[service]!;
    const name = options.dbSuffix ? `${database}_${options.dbSuffix}` : database;
    const live = await connectMongo(options.mongoUrl, name);
    const scratch = await connectMongo(options.mongoUrl, `${name}_rebuild`);
    try {
      const report = await rebuildAndCompare(bus, model, live, scratch);
      for (const line of describeRebuild(report)) options.out(line);
      reports.push(report);
    } finally {
      await scratch.dropDatabase().catch(() => undefined);
      await scratch.close();
      await live.close();
    }
  }
  return reports;
}

export async function runEvents(
  command: EventsCommand,
  options: EventsOptions,
): Promise<DeadLetter[] | RebuildReport[]> {
  const bus = await connectBus(options.natsUrl, 'levelup-events-cli', {
    namespace: options.namespace,
    logger: createLogger('levelup-events-cli', (line) => process.stderr.write(`${line}\n`), 'warn'),
  });
  try {
    if (command.action === 'rebuild') return await rebuildAll(command.services, bus, options);
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
    const result = await runEvents(command, {
      natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
      namespace: process.env.EVENTS_NAMESPACE || undefined,
      dbSuffix: process.env.EVENTS_DB_SUFFIX || undefined,
      out: (line) => console.log(line),
    });
    if (
      command.action === 'rebuild' &&
      (result as RebuildReport[]).some((r) => r.differences.length > 0)
    )
      process.exitCode = 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
