// The wire protocol itself, spoken byte by byte (works against the embedded server or MONGO_URL).
import net from 'node:net';
import { BSON, Long, ObjectId } from 'bson';
import type { Document } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, start } from '../src/index.ts';
import { embedded, openTarget, uniqueName } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
let host: string;
let port: number;

beforeAll(async () => {
  target = await openTarget();
  const address = new URL(target.uri.replace(/^mongodb:/, 'http:'));
  host = address.hostname;
  port = Number(address.port || 27017);
});
afterAll(async () => {
  await target.close();
});

let requestId = 100;

function header(length: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(requestId++, 4);
  buffer.writeInt32LE(0, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

function opQuery(collection: string, query: Document): Buffer {
  const body = Buffer.concat([
    Buffer.alloc(4), // flags
    Buffer.from(`${collection}\0`),
    Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), // numberToSkip 0, numberToReturn -1
    BSON.serialize(query),
  ]);
  return Buffer.concat([header(16 + body.length, 2004), body]);
}

function opMsg(body: Document, sequences: Record<string, Document[]> = {}, flags = 0): Buffer {
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(BSON.serialize(body))];
  for (const [id, docs] of Object.entries(sequences)) {
    const payload = Buffer.concat([
      Buffer.from(`${id}\0`),
      ...docs.map((d) => Buffer.from(BSON.serialize(d))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + payload.length);
    parts.push(Buffer.from([1]), size, payload);
  }
  const flagBytes = Buffer.alloc(4);
  flagBytes.writeUInt32LE(flags);
  const content = Buffer.concat([flagBytes, ...parts]);
  return Buffer.concat([header(16 + content.length, 2013), content]);
}

/** Sends messages on one socket and collects `replies` whole replies. */
function exchange(messages: Buffer[], replies: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    let data = Buffer.alloc(0);
    const out: Buffer[] = [];
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      while (data.length >= 4 && data.length >= data.readInt32LE(0)) {
        const length = data.readInt32LE(0);
        out.push(data.subarray(0, length));
        data = data.subarray(length);
      }
      if (out.length >= replies) {
        socket.destroy();
        resolve(out);
      }
    });
    socket.on('error', reject);
    for (const message of messages) socket.write(message);
  });
}

/** A raw connection that keeps every reply it receives, for streams of replies (exhaust). */
function connectRaw(toPort = port, toHost = host) {
  const socket = net.connect(toPort, toHost);
  const replies: Buffer[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let data = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    data = Buffer.concat([data, chunk]);
    while (data.length >= 4 && data.length >= data.readInt32LE(0)) {
      const length = data.readInt32LE(0);
      replies.push(data.subarray(0, length));
      data = data.subarray(length);
    }
    for (const wait of waiting.filter((w) => replies.length >= w.count)) wait.resolve();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    replies,
    closed,
    /** Resolves once `count` replies in all have arrived. */
    received: (count: number) =>
      new Promise<void>((resolve) => {
        if (replies.length >= count) resolve();
        else waiting.push({ count, resolve });
      }),
  };
}

const MORE_TO_COME = 1 << 1;
const EXHAUST_ALLOWED = 1 << 16;

const requestIdOf = (message: Buffer): number => message.readInt32LE(4);
const responseToOf = (message: Buffer): number => message.readInt32LE(8);
const flagsOf = (message: Buffer): number => message.readUInt32LE(16);

/** The server's topologyVersion as the driver sends it back (counter as a Long). */
async function topologyVersion(): Promise<Document> {
  const hello = await target.db.admin().command({ hello: 1 });
  const version = hello.topologyVersion as { processId: ObjectId; counter: number | Long };
  return {
    processId: version.processId,
    counter: Long.isLong(version.counter) ? version.counter : Long.fromNumber(version.counter),
  };
}

function msgBody(reply: Buffer): Document {
  expect(reply.readInt32LE(12)).toBe(2013);
  return BSON.deserialize(reply.subarray(21));
}

describe('wire protocol', () => {
  it('when a legacy client sends isMaster with OP_QUERY, then it gets an OP_REPLY saying ismaster', async () => {
    const [reply] = await exchange([opQuery('admin.$cmd', { isMaster: 1 })], 1);
    expect(reply!.readInt32LE(12)).toBe(1); // OP_REPLY
    expect(reply!.readInt32LE(32)).toBe(1); // numberReturned
    const doc = BSON.deserialize(reply!.subarray(36));
    expect(doc).toMatchObject({ ismaster: true, ok: 1 });
  });

  it('when an OP_MSG carries documents in a document sequence, then they are inserted like a body array', async () => {
    const name = uniqueName('seq');
    const [reply] = await exchange(
      [opMsg({ insert: name, $db: target.db.databaseName }, { documents: [{ a: 1 }, { a: 2 }] })],
      1,
    );
    expect(msgBody(reply!)).toMatchObject({ n: 2, ok: 1 });
    expect(await target.db.collection(name).countDocuments()).toBe(2);
  });

  it('when a write is sent with moreToCome, then no reply comes but the write is applied', async () => {
    const name = uniqueName('w0');
    const replies = await exchange(
      [
        opMsg(
          {
            insert: name,
            documents: [{ fire: 'forget' }],
            writeConcern: { w: 0 },
            $db: target.db.databaseName,
          },
          {},
          2,
        ),
        opMsg({ count: name, $db: target.db.databaseName }),
      ],
      1,
    );
    expect(replies).toHaveLength(1);
    expect(msgBody(replies[0]!)).toMatchObject({ n: 1, ok: 1 });
  });

  it('when several requests are pipelined on one connection, then replies come back in order', async () => {
    const replies = await exchange(
      [
        opMsg({ ping: 1, $db: 'admin' }),
        opMsg({ noSuchCommand: 1, $db: 'admin' }),
        opMsg({ ping: 1, $db: 'admin' }),
      ],
      3,
    );
    expect(replies.map((r) => msgBody(r).ok)).toEqual([1, 0, 1]);
    expect(msgBody(replies[1]!)).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
  });

  it('when a monitor sends an awaitable hello with exhaustAllowed, then hello replies keep streaming with moreToCome, each answering the one before', async () => {
    const request = opMsg(
      { hello: 1, topologyVersion: await topologyVersion(), maxAwaitTimeMS: 100, $db: 'admin' },
      {},
      EXHAUST_ALLOWED,
    );
    const replies = await exchange([request], 3);
    for (const reply of replies) {
      expect(flagsOf(reply) & MORE_TO_COME).toBe(MORE_TO_COME);
      expect(msgBody(reply)).toMatchObject({ isWritablePrimary: true, ok: 1 });
    }
    expect(responseToOf(replies[0]!)).toBe(requestIdOf(request));
    expect(responseToOf(replies[1]!)).toBe(requestIdOf(replies[0]!));
    expect(responseToOf(replies[2]!)).toBe(requestIdOf(replies[1]!));
  });

  it('when an awaitable hello comes without exhaustAllowed, then it is answered once without moreToCome and the connection serves the next request', async () => {
    const hello = opMsg({
      hello: 1,
      topologyVersion: await topologyVersion(),
      maxAwaitTimeMS: 100,
      $db: 'admin',
    });
    const ping = opMsg({ ping: 1, $db: 'admin' });
    const replies = await exchange([hello, ping], 2);
    expect(replies.map(flagsOf)).toEqual([0, 0]);
    expect(replies.map(responseToOf)).toEqual([requestIdOf(hello), requestIdOf(ping)]);
    expect(msgBody(replies[0]!)).toMatchObject({ isWritablePrimary: true, ok: 1 });
    expect(msgBody(replies[1]!)).toMatchObject({ ok: 1 });
  });
});

describe.skipIf(!embedded)('streaming monitor and shutdown', () => {
  it('when the server stops while a monitor streams, then it stops without waiting for maxAwaitTimeMS and the stream ends with the socket', async () => {
    const server = await start({ port: 0, logger: silentLogger });
    const monitor = connectRaw(server.port, '127.0.0.1');
    // A topologyVersion from another process is answered at once; every later reply would wait
    // the whole minute.
    monitor.socket.write(
      opMsg(
        {
          hello: 1,
          topologyVersion: { processId: new ObjectId(), counter: Long.fromNumber(0) },
          maxAwaitTimeMS: 60_000,
          $db: 'admin',
        },
        {},
        EXHAUST_ALLOWED,
      ),
    );
    await monitor.received(1);
    expect(flagsOf(monitor.replies[0]!) & MORE_TO_COME).toBe(MORE_TO_COME);
    await server.stop();
    await monitor.closed;
    expect(monitor.replies).toHaveLength(1);
  });
});
