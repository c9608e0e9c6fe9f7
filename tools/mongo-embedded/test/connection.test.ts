import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoServerError } from 'mongodb';
import { openTarget } from './target.ts';
import type { Target } from './target.ts';

let target: Target;
beforeAll(async () => {
  target = await openTarget();
});
afterAll(async () => {
  await target.close();
});

describe('handshake and server information', () => {
  it('when a client says hello, then the server reports a writable standalone that allows sessions', async () => {
    const hello = await target.db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.setName).toBeUndefined();
    expect(hello.logicalSessionTimeoutMinutes).toBeGreaterThan(0);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
  });

  it('when a legacy client asks isMaster, then it gets ismaster true', async () => {
    const reply = await target.db.admin().command({ isMaster: 1 });
    expect(reply.ismaster).toBe(true);
  });

  it('when a client pings, then the server answers ok', async () => {
    expect(await target.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it('when a client asks buildInfo, then it gets a version string and array', async () => {
    const info = await target.db.admin().command({ buildInfo: 1 });
    expect(info.version).toMatch(/^\d+\.\d+/);
    expect(Array.isArray(info.versionArray)).toBe(true);
  });

  it('when a client sends an unknown command, then it gets CommandNotFound and the connection still works', async () => {
    const error = await target.db.command({ noSuchCommandAtAll: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect((error as MongoServerError).code).toBe(59);
    expect((error as MongoServerError).codeName).toBe('CommandNotFound');
    expect(await target.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it('when a client ends its sessions, then the server answers ok', async () => {
    const session = target.client.startSession();
    await target.db.collection('sessions').insertOne({ a: 1 }, { session });
    await session.endSession();
    expect(await target.db.admin().command({ endSessions: [] })).toMatchObject({ ok: 1 });
  });
});
