// Helpers for the tests that look inside a --dbpath directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON } from 'bson';
import type { Document } from 'bson';

export function tempDir(dirs: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-'));
  dirs.push(dir);
  return dir;
}

/** The journal file being appended to: the highest-numbered journal.<n>.bson. */
export function activeJournal(dbPath: string): string {
  const numbers = fs
    .readdirSync(dbPath)
    .map((name) => /^journal\.(\d+)\.bson$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return path.join(dbPath, `journal.${Math.max(...numbers)}.bson`);
}

export interface Frame {
  start: number;
  end: number;
  record: Document;
}

/** The records of an intact file, read independently of the server's decoder. */
export function frames(file: string): Frame[] {
  const data = fs.readFileSync(file);
  const out: Frame[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.toString('latin1', offset, offset + 4) !== 'MEJ2')
      throw new Error(`no marker at ${offset}`);
    const length = data.readUInt32LE(offset + 4);
    const end = offset + 12 + length;
    out.push({ start: offset, end, record: BSON.deserialize(data.subarray(offset + 12, end)) });
    offset = end;
  }
  return out;
}

/** A copy of a directory's top-level files. */
export function copyDir(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name === 'mongod.lock') continue;
    fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
}

/** Deterministic pseudo-random integers, so a failing position can be replayed. */
export function seeded(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}
