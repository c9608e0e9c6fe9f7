import { chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

const BASE = 'http://localhost:8480';
const OUT = '/tmp/walk';

async function run(size: 'phone' | 'desktop', scheme: 'light' | 'dark') {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 900 };
  const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: BASE, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
  const name = `walk${Date.now() % 100000}`;
  await page.goto('/auth');
  const reg = await page.request.post('/api/auth/register', { data: { username: name, displayName: 'Lena Loop', email: `${name}@example.com`, password: 'correct-horse-battery' } });
  console.log('register', reg.status());
  await page.goto('/quests');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Import habits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import habits' });
  const dir = 'svc-quests/test/fixtures/import/loop-2026';
  await dialog.getByLabel('Export file').setInputFiles([
    { name: 'Habits.csv', mimeType: 'text/csv', buffer: readFileSync(`${dir}/Habits.csv`) },
    { name: 'Checkmarks.csv', mimeType: 'text/csv', buffer: readFileSync(`${dir}/Checkmarks.csv`) },
  ]);
  await dialog.getByRole('region', { name: 'Import preview' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/${size}-${scheme}-1-preview.png`, fullPage: false });
  const previewText = await dialog.getByRole('region', { name: 'Import preview' }).innerText();
  console.log(previewText.split('\n').filter((l) => /Run|Cigarettes|Push|Screen|at least|at most/i.test(l)).join('\n'));
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('Import complete').waitFor();
  await page.goto('/quests/habits');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${size}-${scheme}-2-habits.png`, fullPage: true });
  const link = page.getByRole('link', { name: /Run/ }).first();
  await link.click();
  await page.getByRole('region', { name: 'Target' }).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/${size}-${scheme}-3-run.png`, fullPage: true });
  // A new measurable routine made through the API, then the dashboard.
  await page.request.post('/api/quests/recurring', { data: { title: 'Read', description: 'A few pages before bed', recurrenceType: 'daily', measure: { rule: 'at_least', target: 20, unit: 'pages' } } });
  await page.goto('/dashboard');
  const read = page.getByRole('listitem', { name: 'Read' }).first();
  await read.waitFor();
  await read.getByRole('spinbutton').fill('12');
  await read.getByRole('button', { name: 'Save amount: Read' }).click();
  await page.getByText(/Amount saved/).waitFor();
  await read.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/${size}-${scheme}-4-dashboard.png` });
  console.log(size, scheme, 'errors:', errors);
  await browser.close();
}

await run('phone', 'dark');
await run('desktop', 'light');
