// The operator's tools, as subcommands of the mongo-embedded bin. Exit codes:
//   0  done (or nothing to do)       2  bad usage
//   1  failed; nothing was changed    3  repair rebuilt the dbpath and some records were lost
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BSON, EJSON } from 'bson';
import {
  backupEngine,
  imageOf,
  inspect,
  journalName,
  lockDirectory,
  lockHolder,
  prepareEmptyDirectory,
  refusal,
  replayInto,
  SNAPSHOT_FILE,
  unlockDirectory,
} from './persistence/files.ts';
import { fsyncDirectory } from './persistence/io.ts';
import { formatRepairReport, repair } from './persistence/repair.ts';
import { StorageEngine } from './storage/engine.ts';
import { asStored } from './storage/number-types.ts';
import { sendCommand } from './wire/client.ts';

export const toolUsage = [
  '       mongo-embedded repair --dbpath DIR',
  '       mongo-embedded backup --dbpath DIR --to NEW_DIR',
  '       mongo-embedded restore --from BACKUP_DIR --dbpath NEW_DIR',
  '       mongo-embedded export --dbpath DIR --out NEW_DIR',
].join('\n');

export const toolNames = new Set(['repair', 'backup', 'restore', 'export']);

class UsageError extends Error {}

function options(args: string[], names: string[]): Record<string, string> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
  });
  const missing = names.filter((name) => !values[name]);
  if (missing.length) throw new UsageError(`missing --${missing.join(', --')}`);
  return Object.fromEntries(names.map((name) => [name, path.resolve(values[name] as string)]));
}

/** Loads a dbpath that no server is using (a backup, or a stopped server's), refusing damage. */
function loadStopped(dir: string, what: string): StorageEngine {
  if (!fs.existsSync(dir)) throw new Error(`${dir} does not exist`);
  const holder = lockHolder(dir);
  if (holder)
    throw new Error(
      `${dir} is in use by process ${holder.pid}: ${what} a running server's data from a backup (mongo-embedded backup --dbpath ${dir} --to NEW_DIR)`,
    );
  const inspection = inspect(dir);
  const refused = refusal(inspection);
  if (refused) throw new Error(refused);
  const engine = new StorageEngine();
  replayInto(inspection, engine);
  return engine;
}

async function backup(dbpath: string, to: string): Promise<string> {
  const holder = lockHolder(dbpath);
  if (holder?.port) {
    // Online: the running server writes a consistent copy itself.
    const reply = await sendCommand(
      holder.port,
      { createBackup: 1, backupDir: to, $db: 'admin' },
      holder.host,
    );
    if (reply.ok !== 1) throw new Error(`${String(reply.errmsg)} (code ${String(reply.code)})`);
    return `backed up ${reply.collections} collections, ${reply.documents} documents (${reply.bytes} bytes) from the server on port ${holder.port} to ${to}`;
  }
  if (holder)
    throw new Error(
      `the server using ${dbpath} (process ${holder.pid}) is still starting; try again`,
    );
  if (!fs.existsSync(dbpath)) throw new Error(`${dbpath} does not exist`);
  lockDirectory(dbpath);
  try {
    const engine = loadStopped(dbpath, 'back up');
    const summary = await backupEngine(engine, to);
    return `backed up ${summary.collections} collections, ${summary.documents} documents (${summary.bytes} bytes) from ${dbpath} (no server running) to ${to}`;
  } finally {
    unlockDirectory(dbpath);
  }
}

function restore(from: string, dbpath: string): string {
  if (!fs.existsSync(from)) throw new Error(`${from} does not exist`);
  const holder = lockHolder(from);
  if (holder)
    throw new Error(
      `${from} is in use by process ${holder.pid}: restore from a backup of it (mongo-embedded backup --dbpath ${from} --to NEW_DIR)`,
    );
  const inspection = inspect(from);
  if (!inspection.snapshot && !inspection.journals.length)
    throw new Error(`${from} holds no snapshot or journal`);
  const refused = refusal(inspection);
  if (refused) throw new Error(refused);
  prepareEmptyDirectory(dbpath);
  const names = [
    ...(inspection.snapshot ? [SNAPSHOT_FILE] : []),
    ...inspection.journals.map((journal) => journalName(journal.n)),
  ];
  for (const name of names) {
    fs.copyFileSync(path.join(from, name), path.join(dbpath, name));
    const fd = fs.openSync(path.join(dbpath, name), 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  }
  fsyncDirectory(dbpath);
  const engine = new StorageEngine();
  replayInto(inspect(dbpath), engine);
  const image = imageOf(engine);
  const documents = image.reduce((sum, c) => sum + c.docs.length, 0);
  return `restored ${image.length} collections, ${documents} documents from ${from} into ${dbpath}`;
}

/**
 * mongodump's layout, which mongorestore reads (`<db>/<coll>.bson` and `.metadata.json`), plus
 * `<db>/<coll>.json`: canonical Extended JSON, one document per line, as mongoimport reads it.
 */
function exportTo(dbpath: string, out: string): string {
  const engine = loadStopped(dbpath, 'export');
  prepareEmptyDirectory(out);
  const image = imageOf(engine);
  for (const collection of image) {
    const dir = path.join(out, collection.db);
    fs.mkdirSync(dir, { recursive: true });
    const base = path.join(dir, collection.name);
    const docs = collection.docs.map(asStored);
    fs.writeFileSync(`${base}.bson`, Buffer.concat(docs.map((doc) => BSON.serialize(doc))));
    fs.writeFileSync(
      `${base}.json`,
      docs.map((doc) => `${EJSON.stringify(doc, { relaxed: false })}\n`).join(''),
    );
    const metadata = {
      options: collection.options,
      indexes: [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...collection.indexes],
      collectionName: collection.name,
      type: collection.options.timeseries ? 'timeseries' : 'collection',
    };
    fs.writeFileSync(`${base}.metadata.json`, EJSON.stringify(metadata, { relaxed: false }));
  }
  const documents = image.reduce((sum, c) => sum + c.docs.length, 0);
  return `exported ${image.length} collections, ${documents} documents to ${out} (mongorestore --dir ${out}, or mongoimport --db DB --collection C --file ${out}/DB/C.json)`;
}

export async function runTool(tool: string, args: string[]): Promise<number> {
  try {
    switch (tool) {
      case 'repair': {
        const { dbpath } = options(args, ['dbpath']);
        const report = await repair(dbpath!);
        console.log(formatRepairReport(report));
        return report.lost.length ? 3 : 0;
      }
      case 'backup': {
        const { dbpath, to } = options(args, ['dbpath', 'to']);
        console.log(await backup(dbpath!, to!));
        return 0;
      }
      case 'restore': {
        const { from, dbpath } = options(args, ['from', 'dbpath']);
        console.log(restore(from!, dbpath!));
        return 0;
      }
      case 'export': {
        const { dbpath, out } = options(args, ['dbpath', 'out']);
        console.log(exportTo(dbpath!, out!));
        return 0;
      }
      default:
        throw new UsageError(`unknown command ${tool}`);
    }
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    console.error(`mongo-embedded ${tool}: ${(error as Error).message}`);
    if (usage) console.error(toolUsage);
    return usage ? 2 : 1;
  }
}
