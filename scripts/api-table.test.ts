import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API } from '../packages/contracts/src/api.ts';
import { README, withApiTable } from './api-table.ts';

describe("README's API table", () => {
  const readme = readFileSync(README, 'utf8');

  it('when the contract changes, then the README table is regenerated (node scripts/api-table.ts)', () => {
    expect(readme).toBe(withApiTable(readme));
  });

  it('when generated, then every operation of the contract has its row', () => {
    const table = withApiTable(readme);
    for (const [name, op] of Object.entries(API))
      expect(table, name).toContain(`| \`${name}\` | \`${op.method} ${op.path}\` |`);
  });

  it('when an operation answers a document, not JSON, then its row names the media type (the calendar feed)', () => {
    const table = withApiTable(readme);
    expect(table).toContain(
      `| \`calendarFeed\` | \`GET ${API.calendarFeed.path}\` |  | 200 text/calendar |`,
    );
  });

  it('when the markers are missing, then it says so instead of writing elsewhere', () => {
    expect(() => withApiTable('# no markers\n')).toThrow(/markers/);
  });
});
