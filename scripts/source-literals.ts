import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Helpers of the repository tests that keep names written once (API paths, event types): find the
// product sources and the lines of code, comments left aside, where a literal pattern appears.

export const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/test/');

/** Every TypeScript source under `dir`. */
export function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
  }
  return out;
}

/** Lines whose code (comments left aside: prose may name things) matches `pattern`. */
export function linesOutsideComments(
  text: string,
  pattern: RegExp,
): { line: number; text: string }[] {
  const hits: { line: number; text: string }[] = [];
  let inBlock = false;
  text.split('\n').forEach((raw, index) => {
    let line = raw;
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end === -1) return;
      line = line.slice(end + 2);
      inBlock = false;
    }
    line = line.replace(/\/\*.*?\*\//g, '');
    const open = line.indexOf('/*');
    if (open !== -1) {
      inBlock = true;
      line = line.slice(0, open);
    }
    const comment = line.search(/(^|\s)\/\/(?!\/)/);
    if (comment !== -1 && !/['"`][^'"`]*$/.test(line.slice(0, comment)))
      line = line.slice(0, comment);
    if (pattern.test(line)) hits.push({ line: index + 1, text: raw.trim() });
  });
  return hits;
}

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The product's sources: services, gateway, shell, remotes and the shared packages. */
export const PRODUCT_SOURCES = [
  'gateway/src',
  'svc-identity/src',
  'svc-quests/src',
  'svc-goals/src',
  'svc-community/src',
  'svc-feedback/src',
  'shell/src',
  'mfe-quests/src',
  'mfe-goals/src',
  'mfe-community/src',
  'mfe-progression/src',
  'packages/web-kit/src',
  'packages/service-kit/src',
  'packages/contracts/src',
];

/**
 * Every line of product code (tests and the `allowed` files aside) where `find` sees a literal, as
 * 'file:line: text', and the allowed files that no longer need their exception.
 */
export function literalsIn(
  dirs: readonly string[],
  allowed: Record<string, string>,
  find: (text: string) => { line: number; text: string }[],
): { found: string[]; unneeded: string[] } {
  const found: string[] = [];
  for (const dir of dirs) {
    for (const file of sources(path.join(ROOT, dir))) {
      const relative = path.relative(ROOT, file);
      if (isTest(relative) || relative in allowed) continue;
      for (const hit of find(readFileSync(file, 'utf8')))
        found.push(`${relative}:${hit.line}: ${hit.text}`);
    }
  }
  const unneeded = Object.keys(allowed).filter(
    (file) => find(readFileSync(path.join(ROOT, file), 'utf8')).length === 0,
  );
  return { found, unneeded };
}
