import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import { DataExportCard } from './data-export-card.tsx';

const sections = {
  'GET /api/user/export': {
    body: { profile: [{ id: 'u1', username: 'ada' }], xpHistory: [{ id: 'e1', xpDelta: 25 }] },
  },
  'GET /api/quests/export': {
    body: { quests: [{ id: 'q1', title: 'Walk, then stretch' }], occurrences: [] },
  },
  'GET /api/goals/export': { body: { goals: [] } },
  'GET /api/community/export': { body: { posts: [{ id: 'p1', content: '=1+1' }] } },
  'GET /api/feedback/export': { body: { feedback: [] } },
};

let downloads: { blob: Blob; name: string }[];
beforeEach(() => {
  downloads = [];
  let blob: Blob | undefined;
  // jsdom has no object URLs: keep the blob the card hands over instead.
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      blob = b;
      return 'blob:export';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ blob: blob!, name: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom's Blob has no arrayBuffer(); its FileReader reads one.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('Your Data (export as JSON and CSV)', () => {
  it('when Download JSON is clicked, then one file holds every service’s part', async () => {
    const { calls } = mockFetch(sections);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DataExportCard timeZone="Europe/London" />);
    const card = screen.getByRole('region', { name: 'Your Data' });
    await user.click(within(card).getByRole('button', { name: 'Download JSON' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^levelup-export-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(new TextDecoder().decode(await bytesOf(downloads[0]!.blob)));
    expect(exported.format).toBe('levelup-export/1');
    expect(Object.keys(exported.data)).toEqual([
      'identity',
      'quests',
      'goals',
      'community',
      'feedback',
    ]);
    expect(exported.data.quests.quests).toEqual([{ id: 'q1', title: 'Walk, then stretch' }]);
    expect(calls.map((c) => c.path).sort()).toEqual(
      Object.keys(sections)
        .map((k) => k.slice(4))
        .sort(),
    );
  });

  it('when Download CSV is clicked, then a zip holds one CSV per non-empty collection', async () => {
    mockFetch(sections);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DataExportCard timeZone="UTC" />);
    await user.click(screen.getByRole('button', { name: 'Download CSV (zip)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/\.zip$/);
    const files = unzipSync(await bytesOf(downloads[0]!.blob));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'community/posts.csv',
      'identity/profile.csv',
      'identity/xpHistory.csv',
      'quests/quests.csv',
    ]);
    // A UTF-8 byte order mark first, so spreadsheets read the text right (TextDecoder drops it).
    expect([...files['quests/quests.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(files['quests/quests.csv']!)).toBe('id,title\r\nq1,"Walk, then stretch"\r\n');
    expect(strFromU8(files['community/posts.csv']!)).toBe("id,content\r\np1,'=1+1\r\n");
  });

  it('when a service fails, then Export failed shows and nothing is downloaded', async () => {
    mockFetch({
      ...sections,
      'GET /api/goals/export': { status: 503, body: { error: { code: 'X', message: 'down' } } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DataExportCard timeZone="UTC" />);
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Export failed',
    );
    expect(downloads).toHaveLength(0);
  });
});
