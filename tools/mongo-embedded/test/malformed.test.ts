// Embedded-only: raw bytes a driver would never send.
import net from 'node:net';
import { BSON } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { start } from '../src/index.ts';
import type { EmbeddedMongo, Logger } from '../src/index.ts';
import { embedded } from './target.ts';

const warnings: string[] = [];
const logger: Logger = {
  info: () => {},
  warn: (m) => warnings.push(m),
  error: (m) => warnings.push(m),
};
let server: EmbeddedMongo;
let client: MongoClient;

beforeAll(async () => {
  if (!embedded) return;
  server = await start({ port: 0, logger });
  client = await MongoClient.connect(server.uri);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

function header(length: number, opCode = 2013): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(1, 4);
  buffer.writeInt32LE(0, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

/** Sends bytes on a fresh socket; resolves with what came back once the server closes it. */
function sendRaw(bytes: Buffer): Promise<{ closed: boolean; received: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let received = 0;
    socket.on('data', (chunk) => {
      received += chunk.length;
    });
    socket.on('close', () => resolve({ closed: true, received }));
    socket.on('error', () => {});
    socket.write(bytes);
  });
}

function opMsg(body: Buffer): Buffer {
  const flags = Buffer.alloc(5);
  return Buffer.concat([header(16 + 5 + body.length), flags, body]);
}

describe.skipIf(!embedded)('malformed input', () => {
  it('when a message declares an impossible length, then that connection is closed with a logged reason', async () => {
    const result = await sendRaw(header(3));
    expect(result).toEqual({ closed: true, received: 0 });
    expect(warnings.join('\n')).toMatch(/bad message length 3/);
  });

  it('when a message is over 48 MB, then that connection is closed before the body is read', async () => {
    const result = await sendRaw(header(50_000_000));
    expect(result.closed).toBe(true);
    expect(warnings.join('\n')).toMatch(/exceeds the 48000000 byte limit/);
  });

  it('when the BSON body is truncated, then that connection is closed', async () => {
    const body = Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }));
    body.writeInt32LE(body.length + 40, 0);
    const result = await sendRaw(opMsg(body));
    expect(result).toEqual({ closed: true, received: 0 });
    expect(warnings.join('\n')).toMatch(/truncated BSON/);
  });

  it('when the BSON is corrupt inside, then that connection is closed', async () => {
    const body = Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }));
    body[4] = 0x7f; // an unknown element type
    const result = await sendRaw(opMsg(body));
    expect(result.closed).toBe(true);
    expect(warnings.join('\n')).toMatch(/invalid BSON/);
  });

  it('when an unknown opCode arrives, then that connection is closed', async () => {
    const result = await sendRaw(Buffer.concat([header(20, 9999), Buffer.alloc(4)]));
    expect(result.closed).toBe(true);
    expect(warnings.join('\n')).toMatch(/unsupported opCode 9999/);
  });

  it('when other connections misbehave, then a well-behaved client keeps being served', async () => {
    await Promise.all([sendRaw(header(1)), sendRaw(header(60_000_000))]);
    await client.db('t').collection('c').insertOne({ ok: true });
    expect(await client.db('t').collection('c').countDocuments()).toBe(1);
  });

  it('when a valid OP_MSG is sent on a raw socket, then a reply comes back (the raw helper is sound)', async () => {
    const reply = await new Promise<number>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.once('data', (chunk) => {
        resolve(chunk.readInt32LE(12));
        socket.destroy();
      });
      socket.write(opMsg(Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }))));
    });
    expect(reply).toBe(2013);
  });
});
