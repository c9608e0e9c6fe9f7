// The operator's corruption scenario: 1,000 acknowledged inserts into a --dbpath server, kill -9,
// one byte of the journal flipped at its middle, restart. Prints what the restart did and how many
// documents it serves (running `repair` when it refuses). Usage: node bench/flip-scenario.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { runBin, startChild } from '../test/process.ts';

const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-flip-'));
try {
  const first = await startChild(['--dbpath', dbPath]);
  const client = await MongoClient.connect(first.uri);
  const items = client.db('app').collection('items');
  for (let i = 0; i < 1000; i++)
    await items.insertOne({ _id: i as never, n: i, pad: 'x'.repeat(100) });
  await client.close();
  first.child.kill('SIGKILL');
  await first.exited;
  // journal.bson before numbered journals; the largest journal.<n>.bson since.
  const name = fs
    .readdirSync(dbPath)
    .filter((file) => /^journal(\.\d+)?\.bson$/.test(file))
    .sort(
      (a, b) => fs.statSync(path.join(dbPath, b)).size - fs.statSync(path.join(dbPath, a)).size,
    )[0]!;
  const journal = path.join(dbPath, name);
  const bytes = fs.readFileSync(journal);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle]! ^= 0xff;
  fs.writeFileSync(journal, bytes);
  console.log(`1000 acknowledged inserts; flipped byte ${middle} of ${bytes.length} in ${name}`);
  try {
    const second = await startChild(['--dbpath', dbPath]);
    const again = await MongoClient.connect(second.uri);
    const served = await again.db('app').collection('items').countDocuments();
    await again.close();
    console.log(`restart served ${served} of 1000 documents`);
    console.log(
      second
        .output()
        .split('\n')
        .filter((line) => /warn|error/i.test(line))
        .join('\n'),
    );
    second.child.kill('SIGKILL');
    await second.exited;
  } catch (error) {
    console.log(`restart refused: ${(error as Error).message}`);
    const repaired = await runBin(['repair', '--dbpath', dbPath]);
    console.log(`repair exited ${repaired.code}:\n${repaired.output}`);
    const third = await startChild(['--dbpath', dbPath]);
    const again = await MongoClient.connect(third.uri);
    const served = await again.db('app').collection('items').countDocuments();
    await again.close();
    console.log(`after repair the server serves ${served} of 1000 documents`);
    third.child.kill('SIGKILL');
    await third.exited;
  }
} finally {
  fs.rmSync(dbPath, { recursive: true, force: true });
}
