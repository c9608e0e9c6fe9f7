/**
 * What the stack has stored, collection by collection (count and a hash of every document), read with
 * the mongodb driver straight from the embedded server: the fuzz pass must leave it unchanged.
 */
import { createHash } from 'node:crypto';
import { BSON, MongoClient } from 'mongodb';

export type StoreSnapshot = Map<string, { count: number; hash: string }>;

const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);

export async function snapshotStore(mongoUrl: string): Promise<StoreSnapshot> {
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.connect();
    const snapshot: StoreSnapshot = new Map();
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const { name } of databases) {
      if (SYSTEM_DATABASES.has(name)) continue;
      const db = client.db(name);
      for (const { name: collection } of await db.listCollections().toArray()) {
        const documents = await db.collection(collection).find({}).sort({ _id: 1 }).toArray();
        const hash = createHash('sha256');
        for (const document of documents) hash.update(BSON.EJSON.stringify(document));
        snapshot.set(`${name}.${collection}`, {
          count: documents.length,
          hash: hash.digest('hex'),
        });
      }
    }
    return snapshot;
  } finally {
    await client.close();
  }
}

/** `levelup_quests.quests: 3 -> 4 documents`, one line per collection that changed. */
export function storeChanges(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].sort().flatMap((name) => {
    const was = before.get(name);
    const now = after.get(name);
    if (was && now && was.hash === now.hash) return [];
    if (was?.count === now?.count) return [`${name}: ${now?.count} documents, content changed`];
    return [`${name}: ${was?.count ?? 'absent'} -> ${now?.count ?? 'absent'} documents`];
  });
}

/** Snapshots until two in a row agree (the outbox pollers and consumers have gone quiet). */
export async function quietSnapshot(mongoUrl: string, limitMs = 20_000): Promise<StoreSnapshot> {
  const deadline = Date.now() + limitMs;
  let previous = await snapshotStore(mongoUrl);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = await snapshotStore(mongoUrl);
    if (storeChanges(previous, next).length === 0 || Date.now() > deadline) return next;
    previous = next;
  }
}
