// Commands that wait on the disk rather than run in one synchronous step: compact and createBackup.
import path from 'node:path';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.ts';
import type { Durability } from '../persistence/durability.ts';
import { backupEngine } from '../persistence/files.ts';
import type { StorageEngine } from '../storage/engine.ts';
import { commandName } from './dispatch.ts';

export const storageCommands = new Set(['compact', 'createBackup']);

/**
 * `compact: <collection>` rewrites the journal as a snapshot (the journal holds every collection,
 * so it compacts them all), beside the running server. `createBackup: 1, backupDir` on admin (the
 * name and argument of Percona Server for MongoDB's hot backup) writes a consistent copy of every
 * database as a dbpath in `backupDir`, which must be new or empty.
 */
export async function runStorageCommand(
  command: Document,
  engine: StorageEngine,
  durability: Durability,
): Promise<Document> {
  try {
    const db = command.$db;
    if (typeof db !== 'string' || !db)
      throw new MongoCommandError(ErrorCodes.FailedToParse, 'Missing $db in command');
    if (commandName(command) === 'compact') {
      const name = command.compact;
      if (typeof name !== 'string' || !name)
        throw new MongoCommandError(
          ErrorCodes.InvalidNamespace,
          'collection name has invalid type',
        );
      if (!engine.get(db, name))
        throw new MongoCommandError(ErrorCodes.NamespaceNotFound, 'collection does not exist');
      await durability.compact?.();
      return { bytesFreed: 0, ok: 1 };
    }
    if (db !== 'admin')
      throw new MongoCommandError(
        ErrorCodes.Unauthorized,
        'createBackup may only be run against the admin database.',
      );
    const dir = command.backupDir;
    if (typeof dir !== 'string' || !path.isAbsolute(dir))
      throw new MongoCommandError(ErrorCodes.BadValue, 'backupDir must be an absolute path');
    const summary = durability.backup
      ? await durability.backup(dir)
      : await backupEngine(engine, dir);
    return { ...summary, ok: 1 };
  } catch (error) {
    if (error instanceof MongoCommandError) return error.toReply();
    return new MongoCommandError(ErrorCodes.InternalError, (error as Error).message).toReply();
  }
}
