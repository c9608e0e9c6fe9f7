/**
 * Which Chromium the end-to-end suite and the browser benchmarks drive: `CHROMIUM_PATH` when set,
 * else Debian's (`/usr/bin/chromium`, or the older `chromium-browser` name), else a browser that
 * Playwright downloaded itself (`npx playwright install chromium`, where the network allows it).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const NO_BROWSER =
  'no Chromium found: install Debian\'s (apt-get install chromium), run "npx playwright install chromium", or set CHROMIUM_PATH';

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightsOwn()];
  return candidates.find((candidate) => candidate !== undefined && existsSync(candidate));
}

function playwrightsOwn(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
