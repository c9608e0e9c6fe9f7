import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'carry-release.ts');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A frontend's build as webpack writes it: content-hashed chunks, entry files and the manifest. */
function build(chunks: string[], entry: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carry-release-test-'));
  folders.push(dir);
  for (const name of chunks) writeFileSync(path.join(dir, name), `chunk ${name}`);
  writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ entry, chunks }));
  return dir;
}

/** What the image build runs, as the Dockerfile's `released` stage runs it. */
function carry(built: string, previous: string, release: string): string {
  return execFileSync(process.execPath, [script, 'mfe-goals', built, previous, release], {
    encoding: 'utf8',
  });
}

const served = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort();

describe("a frontend's image carries the release it replaces", () => {
  it('when it is the first release, then the image serves that build alone', () => {
    const previous = mkdtempSync(path.join(os.tmpdir(), 'carry-release-empty-'));
    folders.push(previous);
    carry(build(['1.aaaaaaaaaa.js'], 'v1'), previous, 'r1');
    expect(served(previous)).toEqual(['1.aaaaaaaaaa.js', 'remoteEntry.js']);
  });

  it('when release 2 is built over release 1, then a page that loaded release 1 finds every chunk it names in the new image, and the new manifest is served', () => {
    const previous = build(['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], 'v1');
    const pageOnRelease1 = JSON.parse(
      readFileSync(path.join(previous, 'mf-manifest.json'), 'utf8'),
    ) as { chunks: string[] };
    const output = carry(build(['1.aaaaaaaaaa.js', '3.cccccccccc.js'], 'v2'), previous, 'r2');
    expect(output).toContain('1 new chunks, 1 unchanged');
    for (const chunk of pageOnRelease1.chunks) expect(served(previous)).toContain(chunk);
    expect(served(previous)).toContain('3.cccccccccc.js');
    expect(readFileSync(path.join(previous, 'remoteEntry.js'), 'utf8')).toBe('v2');
  });

  it('when release 3 is built over the image of release 2, then release 1’s chunks that no kept release uses are dropped', () => {
    const image1 = build(['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], 'v1');
    carry(build(['1.aaaaaaaaaa.js', '3.cccccccccc.js'], 'v2'), image1, 'r2');
    carry(build(['1.aaaaaaaaaa.js', '4.dddddddddd.js'], 'v3'), image1, 'r3');
    expect(served(image1)).toEqual([
      '1.aaaaaaaaaa.js',
      '3.cccccccccc.js',
      '4.dddddddddd.js',
      'remoteEntry.js',
    ]);
  });

  it('when an argument is missing, then it stops with the usage and changes nothing', () => {
    const previous = build(['1.aaaaaaaaaa.js'], 'v1');
    expect(() => carry(previous, '', '')).toThrow(/usage: node scripts\/carry-release\.ts/);
    expect(served(previous)).toEqual(['1.aaaaaaaaaa.js', 'remoteEntry.js']);
  });
});
