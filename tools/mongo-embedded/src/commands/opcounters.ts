// serverStatus.opcounters: how many operations of each kind this server was asked for since it started,
// counted as mongod counts them, so monitoring tools (mongostat, exporters) and benchmarks can read the
// load on the database from outside.
import type { Document } from 'bson';
import { commandName } from './dispatch.ts';

export interface Opcounters {
  insert: number;
  query: number;
  update: number;
  delete: number;
  getmore: number;
  command: number;
}

export const newOpcounters = (): Opcounters => ({
  insert: 0,
  query: 0,
  update: 0,
  delete: 0,
  getmore: 0,
  command: 0,
});

const statements = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/**
 * Counts one request before it runs (an attempt counts, as in mongod, whether it succeeds or not):
 * inserts by document, updates and deletes by statement, find as a query, getMore as itself, and
 * every other command (aggregate, count, findAndModify, hello...) as a command.
 */
export function countOperation(counters: Opcounters, command: Document): void {
  switch (commandName(command)) {
    case 'insert':
      counters.insert += statements(command.documents);
      return;
    case 'update':
      counters.update += statements(command.updates);
      return;
    case 'delete':
      counters.delete += statements(command.deletes);
      return;
    case 'find':
      counters.query += 1;
      return;
    case 'getMore':
      counters.getmore += 1;
      return;
    default:
      counters.command += 1;
  }
}
