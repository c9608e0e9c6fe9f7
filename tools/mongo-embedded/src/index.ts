// Public API: start an embedded MongoDB-compatible server.
import { consoleLogger } from './logger.ts';
import type { Logger } from './logger.ts';
import { memoryDurability } from './persistence/durability.ts';
import type { Durability } from './persistence/durability.ts';
import { openJournal } from './persistence/journal.ts';
import type { Journal } from './persistence/journal.ts';
import type { CompactionOptions } from './persistence/journal.ts';
import { WireServer } from './server.ts';
import { startTtlMonitor } from './ttl-monitor.ts';
import { StorageEngine } from './storage/engine.ts';

export type { Logger } from './logger.ts';
export { consoleLogger, silentLogger } from './logger.ts';
/** Test hook: behave as if the dbpath's disk had this many free bytes (undefined: as it is). */
export { simulateFreeBytes } from './persistence/io.ts';

export interface StartOptions {
  /** TCP port; 0 picks a free one. Default 27017. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  bind?: string;
  /** Directory for the journal and snapshots. Ignored when `memory` is true. */
  dbPath?: string;
  /** Keep nothing on disk. Default: true unless `dbPath` is given. */
  memory?: boolean;
  logger?: Logger;
  /** When the journal is rewritten as a snapshot (tests shorten this to exercise it). */
  compaction?: CompactionOptions;
}

export interface EmbeddedMongo {
  /** mongodb://host:port */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export async function start(options: StartOptions = {}): Promise<EmbeddedMongo> {
  const logger = options.logger ?? consoleLogger;
  const bind = options.bind ?? '127.0.0.1';
  const engine = new StorageEngine();
  const memory = options.memory ?? !options.dbPath;
  let durability: Durability = memoryDurability;
  let journal: Journal | undefined;
  const stopTasks: Array<() => Promise<void> | void> = [];
  if (!memory && options.dbPath) {
    journal = await openJournal(options.dbPath, engine, logger, options.compaction);
    durability = journal;
  }
  engine.setJournal((record) => durability.record(record));
  stopTasks.push(startTtlMonitor(engine, logger));

  const server = new WireServer({ engine, durability, logger });
  let port: number;
  try {
    port = await server.listen(options.port ?? 27017, bind);
  } catch (error) {
    for (const task of stopTasks) await task();
    await durability.close();
    throw error;
  }
  const local = bind === '0.0.0.0' ? '127.0.0.1' : bind === '::' ? '::1' : bind;
  journal?.listening(port, local);
  const host = local.includes(':') ? `[${local}]` : local;
  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://${host}:${port}`,
    port,
    stop: () => {
      stopped ??= (async () => {
        for (const task of stopTasks) await task();
        await server.close();
        await durability.close();
      })();
      return stopped;
    },
  };
}
