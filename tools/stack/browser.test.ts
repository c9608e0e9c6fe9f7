import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from './browser.ts';

describe('the browser npm test drives', () => {
  it('when CHROMIUM_PATH names a file, then that is the browser; when it names nothing, there is none (never a silent fallback)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'browser-'));
    const file = path.join(dir, 'chrome');
    writeFileSync(file, '');
    expect(chromiumPath({ CHROMIUM_PATH: file })).toBe(file);
    expect(chromiumPath({ CHROMIUM_PATH: path.join(dir, 'missing') })).toBeUndefined();
  });
});
