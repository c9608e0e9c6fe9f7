import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { release, remoteOf } from './deploy-remote.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder with these files (name -> content). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-remote-test-'));
  folders.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

const build = (chunks: string[], entry: string) =>
  folder({
    ...Object.fromEntries(chunks.map((name) => [name, name])),
    'remoteEntry.js': entry,
    'mf-manifest.json': JSON.stringify({ entry, chunks }),
  });

describe('a remote released alone', () => {
  it('when a release comes, then its chunks are added beside the served ones and the entry files switch', () => {
    const dist = build(['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], 'v1');
    const result = release(
      build(['1.aaaaaaaaaa.js', '3.cccccccccc.js'], 'v2'),
      dist,
      'r2',
      'mfe-goals',
    );
    expect(result).toMatchObject({
      added: ['3.cccccccccc.js'],
      kept: ['1.aaaaaaaaaa.js'],
      removed: [],
      switched: ['remoteEntry.js', 'mf-manifest.json'],
    });
    expect(readFileSync(path.join(dist, 'remoteEntry.js'), 'utf8')).toBe('v2');
    // A page still on the first release keeps finding its chunk.
    expect(existsSync(path.join(dist, '2.bbbbbbbbbb.js'))).toBe(true);
    expect(readdirSync(dist).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('when a third release comes, then only the chunks of the first one that nobody uses are removed', () => {
    const dist = build(['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], 'v1');
    release(build(['1.aaaaaaaaaa.js', '3.cccccccccc.js'], 'v2'), dist, 'r2', 'mfe-goals');
    const third = release(
      build(['1.aaaaaaaaaa.js', '4.dddddddddd.js'], 'v3'),
      dist,
      'r3',
      'mfe-goals',
    );
    expect(third.removed).toEqual(['2.bbbbbbbbbb.js']);
    expect(
      readdirSync(dist)
        .filter((name) => name.endsWith('.js'))
        .sort(),
    ).toEqual(['1.aaaaaaaaaa.js', '3.cccccccccc.js', '4.dddddddddd.js', 'remoteEntry.js']);
    const releases = JSON.parse(readFileSync(path.join(dist, 'releases.json'), 'utf8')) as {
      release: string;
    }[];
    expect(releases.map((record) => record.release)).toEqual(['r2', 'r3']);
  });

  it('when the name is not a remote, then it says which ones are', () => {
    expect(remoteOf('goals')).toBe('mfe-goals');
    expect(remoteOf('mfe-progression')).toBe('mfe-progression');
    expect(() => remoteOf('shell')).toThrow(
      "deploy:remote takes one remote: quests, goals, community, progression; got 'shell'",
    );
  });
});
