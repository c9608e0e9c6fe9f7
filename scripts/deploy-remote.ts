/**
 * `npm run deploy:remote -- <name>`: ships one remote alone, as its team would. The remote is
 * built into a staging folder with a release id, its content-hashed chunks are copied next to the ones
 * being served, and only then are its entry files (mf-manifest.json, remoteEntry.js, ...) switched, each
 * by an atomic rename. A running shell picks the release up at its next reload (it reads
 * /config/remotes.json and the manifest, both no-cache); a page still on the previous release keeps
 * loading that release's chunks, which stay until the release after next. No shell rebuild, no restart.
 *
 * <name>: quests, goals, community or progression (or mfe-quests, ...). Release id: LEVELUP_RELEASE, else
 * the time. Prints what changed.
 */
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runWebpack, writeStamp } from '../tools/stack/build.ts';
import { ROOT } from '../tools/stack/stack.ts';

const REMOTES = ['mfe-quests', 'mfe-goals', 'mfe-community', 'mfe-progression'] as const;
type Remote = (typeof REMOTES)[number];

/** Content-hashed chunks (and their licence notes): immutable, never overwritten, kept across releases. */
const HASHED = /\.[0-9a-f]{10}\.js(\.LICENSE\.txt)?$/;
const RELEASES_FILE = 'releases.json';
/** The release being served and the one before it keep their chunks. */
const KEEP_RELEASES = 2;

export interface ReleaseRecord {
  release: string;
  at: string;
  files: string[];
}

export interface DeployResult {
  /** The remote, or any frontend (the shell too) when an image carries its previous release. */
  remote: string;
  release: string;
  added: string[];
  kept: string[];
  removed: string[];
  switched: string[];
}

export function remoteOf(arg: string | undefined): Remote {
  const name = arg?.startsWith('mfe-') ? arg : `mfe-${arg}`;
  if (!(REMOTES as readonly string[]).includes(name))
    throw new Error(
      `deploy:remote takes one remote: ${REMOTES.map((r) => r.slice(4)).join(', ')}; got '${arg ?? ''}'`,
    );
  return name as Remote;
}

function readReleases(dist: string): ReleaseRecord[] {
  const file = path.join(dist, RELEASES_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReleaseRecord[];
  // A dist from a plain build: its chunks are the release being served.
  const files = existsSync(dist) ? readdirSync(dist).filter((name) => HASHED.test(name)) : [];
  return files.length > 0 ? [{ release: 'initial', at: new Date(0).toISOString(), files }] : [];
}

/** Writes a file next to its target and renames it over: a reader sees the old file or the new one. */
function replaceAtomically(from: string, to: string) {
  const temporary = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

/** Puts a staged build in place in `dist` (see the file's comment): chunks first, entry files last. */
export function release(staged: string, dist: string, releaseId: string, remote: string) {
  const files = readdirSync(staged);
  const chunks = files.filter((name) => HASHED.test(name));
  // The manifest last: whoever reads the new one finds the entry and chunks it names already there.
  const entries = files
    .filter((name) => !HASHED.test(name))
    .sort((a, b) => Number(a === 'mf-manifest.json') - Number(b === 'mf-manifest.json'));
  const served = new Set(existsSync(dist) ? readdirSync(dist) : []);
  const added = chunks.filter((name) => !served.has(name));
  for (const name of added) copyFileSync(path.join(staged, name), path.join(dist, name));
  for (const name of entries) replaceAtomically(path.join(staged, name), path.join(dist, name));

  const releases = [
    ...readReleases(dist).filter((record) => record.release !== releaseId),
    { release: releaseId, at: new Date().toISOString(), files: chunks },
  ];
  const keptReleases = releases.slice(-KEEP_RELEASES);
  const stillUsed = new Set(keptReleases.flatMap((record) => record.files));
  const removed = releases
    .slice(0, -KEEP_RELEASES)
    .flatMap((record) => record.files)
    .filter((name) => !stillUsed.has(name) && existsSync(path.join(dist, name)));
  for (const name of removed) rmSync(path.join(dist, name));
  writeFileSync(path.join(dist, RELEASES_FILE), `${JSON.stringify(keptReleases, null, 2)}\n`);
  return {
    remote,
    release: releaseId,
    added,
    kept: chunks.filter((name) => !added.includes(name)),
    removed,
    switched: entries,
  } satisfies DeployResult;
}

export async function deployRemote(remote: Remote, releaseId: string): Promise<DeployResult> {
  const staged = mkdtempSync(path.join(os.tmpdir(), `levelup-${remote}-`));
  const started = Date.now();
  try {
    await runWebpack(remote, { LEVELUP_OUTPUT_DIR: staged, LEVELUP_RELEASE: releaseId });
    const result = release(staged, path.join(ROOT, remote, 'dist'), releaseId, remote);
    // The launcher's staleness check: this build is current.
    writeStamp(path.join(ROOT, remote), started);
    return result;
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  try {
    const remote = remoteOf(process.argv[2]);
    const releaseId = process.env.LEVELUP_RELEASE ?? new Date().toISOString().replace(/[:.]/g, '-');
    console.log(`deploy:remote ${remote}: building release ${releaseId} ...`);
    const result = await deployRemote(remote, releaseId);
    console.log(
      [
        `deploy:remote ${remote}: release ${result.release} is live.`,
        `  ${result.added.length} new chunks, ${result.kept.length} unchanged, ${result.removed.length} of an older release removed`,
        `  switched: ${result.switched.join(', ')}`,
        '  A reload of the shell loads it; pages open on the previous release keep working.',
      ].join('\n'),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
