// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { sharedModules } = require('./federation.cjs') as {
  sharedModules: (options?: { shell?: boolean }) => Record<string, { import?: string }>;
};

const root = join(import.meta.dirname, '..', '..');

/** Every 'antd/es/<component>' that the sources under `dirs` import, statically or with import(). */
function antdComponentsImported(dirs: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        for (const match of readFileSync(path, 'utf8').matchAll(/'(antd\/es\/[a-z-]+)'/g))
          found.add(match[1]!);
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return found;
}

const remotes = readdirSync(root).filter((name) => name.startsWith('mfe-'));

describe('the shared-module catalogue', () => {
  it('when a remote imports an antd component, then the shell provides it (imported by the shell or web-kit, or provided by path), so no remote brings its own copy of antd internals', () => {
    const shellCatalogue = sharedModules({ shell: true });
    const providedByPath = Object.keys(shellCatalogue).filter((key) => {
      const path = shellCatalogue[key]!.import;
      return key.startsWith('antd/es/') && path !== undefined && isAbsolute(path);
    });
    const shell = new Set([
      ...antdComponentsImported(['shell/src', 'packages/web-kit/src']),
      ...providedByPath,
    ]);
    const remoteOnly = [...antdComponentsImported(remotes.map((name) => `${name}/src`))].filter(
      (component) => !shell.has(component),
    );
    expect(remotes.length).toBeGreaterThan(0);
    expect(remoteOnly, 'add these to shellProvidedAntd in federation.cjs').toEqual([]);
  });

  it('when a remote is built, then it provides nothing by path: only the shell adds those entries', () => {
    const remote = sharedModules();
    const byPath = Object.entries(remote).filter(([, config]) =>
      config.import ? isAbsolute(config.import) : false,
    );
    expect(byPath).toEqual([]);
    expect(Object.keys(sharedModules({ shell: true }))).toEqual(
      expect.arrayContaining(Object.keys(remote)),
    );
  });
});
