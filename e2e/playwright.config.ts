import { defineConfig } from '@playwright/test';
import { chromiumPath } from '../tools/stack/browser.ts';
import { E2E_BASE_URL } from './stack-env.ts';

// Real Chromium (Debian's, CHROMIUM_PATH, or one Playwright downloaded); npm test stops with one line
// naming what to install when there is none.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // In CI one retry in a fresh page absorbs a machine's hiccup (a frame that never came, a click lost
  // to an opening dropdown); a test that fails twice fails the run, and the summary counts the flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../.data/test-results/playwright',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
