// A database that refuses to store anything (its disk is full) is a 503 with nothing half-applied.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Router } from '@koa/router';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, simulateFreeBytes, start } from '@levelup/mongo-embedded';
import type { EmbeddedMongo } from '@levelup/mongo-embedded';
import { createServiceApp } from './app.ts';
import { createLogger } from './telemetry/logger.ts';
import { serve, type RunningApp } from './testing/index.ts';

const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-storage-refused-'));
let mongo: EmbeddedMongo;
let connection: mongoose.Connection;
let running: RunningApp;
const noteSchema = new mongoose.Schema({ text: String });

beforeAll(async () => {
  mongo = await start({ port: 0, dbPath, logger: silentLogger });
  connection = await mongoose.createConnection(`${mongo.uri}/notes`).asPromise();
  const Note = connection.model('Note', noteSchema);
  const router = new Router();
  router.post('/api/notes', async (ctx) => {
    const { text } = ctx.request.body as { text: string };
    ctx.body = await Note.create({ text });
    ctx.status = 201;
  });
  router.get('/api/notes', async (ctx) => {
    ctx.body = await Note.find().lean();
  });
  running = await serve(
    createServiceApp({
      name: 'svc-test',
      routers: [router],
      logger: createLogger('svc-test', () => {}),
    }),
  );
});

afterAll(async () => {
  simulateFreeBytes(undefined);
  await running.close();
  await connection.close();
  await mongo.stop();
  fs.rmSync(dbPath, { recursive: true, force: true });
});

const post = (text: string) =>
  fetch(`${running.url}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

describe('a database whose disk is full', () => {
  it('when a write is refused, then the client gets 503 DATABASE_UNAVAILABLE and the note is not there after a restart', async () => {
    expect((await post('kept')).status).toBe(201);
    simulateFreeBytes(0);
    const refused = await post('refused');
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message:
          'The service cannot store changes right now. Nothing was saved; please try again later.',
      },
    });
    // Reads are refused too until the database restarts: nothing unsaved is ever shown.
    expect((await fetch(`${running.url}/api/notes`)).status).toBe(503);

    simulateFreeBytes(undefined);
    await connection.close();
    await mongo.stop();
    mongo = await start({ port: 0, dbPath, logger: silentLogger });
    connection = await mongoose.createConnection(`${mongo.uri}/notes`).asPromise();
    const notes = await connection.model('Note', noteSchema).find().lean();
    expect(notes.map((note) => note.text)).toEqual(['kept']);
  });
});
