import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const shareInitOnce = require('./share-init-once-loader.cjs') as (source: string) => string;

// The runtime as the frontends' builds take it (the package's ESM files).
const runtimeDist = dirname(require.resolve('@module-federation/runtime-core'));
const sharedFile = join(runtimeDist, 'shared', 'index.js');

interface Federation {
  loadShare(name: string): Promise<false | (() => unknown)>;
}
interface RuntimeCore {
  ModuleFederation: new (options: object) => Federation;
}

// A copy of the runtime inside the repository's node_modules (so its own imports resolve), with or without
// the loader applied to its shared handler.
const copies = join(runtimeDist, '..', '..', '..', '.cache', 'levelup-share-init-once');
afterAll(() => rmSync(copies, { recursive: true, force: true }));
async function runtime(patched: boolean): Promise<RuntimeCore> {
  const dir = join(copies, patched ? 'patched' : 'original');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(runtimeDist, dir, { recursive: true });
  if (patched) {
    const file = join(dir, 'shared', 'index.js');
    writeFileSync(file, shareInitOnce(readFileSync(file, 'utf8')));
  }
  return (await import(pathToFileURL(join(dir, 'index.js')).href)) as RuntimeCore;
}

/** Loads each of `count` shared packages once, as a first screen does, and counts the registrations. */
async function registrationsFor(core: RuntimeCore, count: number) {
  let registrations = 0;
  const names = Array.from({ length: count }, (_, i) => `package-${i}`);
  const federation = new core.ModuleFederation({
    name: `host-${Math.random().toString(36).slice(2)}`,
    remotes: [],
    shared: Object.fromEntries(
      names.map((name) => [
        name,
        {
          version: '1.0.0',
          lib: () => ({ name }),
          shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
        },
      ]),
    ),
    plugins: [{ name: 'count', afterRegisterShare: () => void (registrations += 1) }],
  });
  registrations = 0;
  const libs = [];
  for (const name of names) {
    const factory = await federation.loadShare(name);
    libs.push(factory ? factory() : undefined);
  }
  return { registrations, libs };
}

describe('share-init-once loader', () => {
  it('finds the unguarded line in the installed runtime exactly once', () => {
    const source = readFileSync(sharedFile, 'utf8');
    expect(source.split('if (!initScope) initScope = [];').length).toBe(2);
    expect(shareInitOnce(source)).toContain('this.loadShareInitScope');
  });

  it('fails the build when the runtime no longer has that line', () => {
    expect(() => shareInitOnce('export const nothing = 1;')).toThrow(/runtime-core changed/);
  });

  it('registers the shared table once instead of once per loadShare, and every share still loads', async () => {
    const before = await registrationsFor(await runtime(false), 30);
    const after = await registrationsFor(await runtime(true), 30);
    expect(before.registrations).toBe(30 * 30);
    expect(after.registrations).toBe(30);
    expect(after.libs).toEqual(before.libs);
    expect(after.libs[29]).toEqual({ name: 'package-29' });
  });
});
