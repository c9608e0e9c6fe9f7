// Which server the conformance suite talks to: the embedded one (default) or MONGO_URL.
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import { start, silentLogger } from '../src/index.ts';
import type { EmbeddedMongo } from '../src/index.ts';

export const externalUrl = process.env.MONGO_URL;
/** True when the suite drives the embedded server (its kill -9 and malformed-input tests need it). */
export const embedded = !externalUrl;

export interface Target {
  uri: string;
  client: MongoClient;
  db: Db;
  server: EmbeddedMongo | undefined;
  close(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Connects the driver to a fresh database on the target server. */
export async function openTarget(): Promise<Target> {
  const server = externalUrl ? undefined : await start({ port: 0, logger: silentLogger });
  const uri = externalUrl ?? server!.uri;
  const client = await MongoClient.connect(uri);
  const db = client.db(uniqueName('conformance'));
  return {
    uri,
    client,
    db,
    server,
    close: async () => {
      await db.dropDatabase().catch(() => {});
      await client.close();
      await server?.stop();
    },
  };
}
