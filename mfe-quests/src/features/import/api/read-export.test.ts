import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_TOO_LARGE_MESSAGE, importRequestSchema } from '@levelup/contracts';
import { LOOP_BACKUP_MAX_BYTES, readExport, type ExportFile } from './read-export.ts';

// Shaped as the exports are (svc-quests/test/fixtures/import holds the full files).
const HABITS_CSV = `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false
`;
const CHECKMARKS_CSV = `Date,Meditate,
2026-03-10,YES_MANUAL,
2026-03-09,YES_AUTO,
`;
const HABITICA_JSON = JSON.stringify({
  _id: 'u1',
  profile: { name: 'Quest Fan' },
  inbox: { messages: { m1: { text: 'a long message '.repeat(50) } } },
  items: { gear: { owned: { weapon_warrior_0: true } } },
  tasks: {
    habits: [],
    dailys: [
      {
        _id: 'd1',
        type: 'daily',
        text: 'Morning stretch',
        frequency: 'weekly',
        everyX: 1,
        repeat: { m: true, t: true, w: true, th: true, f: true, s: false, su: false },
        checklist: [{ text: 'Neck', completed: false, id: 'c1' }],
        tags: [],
        history: [{ date: 1773158400000, value: 1, isDue: true, completed: true }],
      },
    ],
    todos: [{ _id: 't1', type: 'todo', text: 'File taxes', completed: false, checklist: [] }],
    rewards: [{ _id: 'r1', type: 'reward', text: 'Cake', value: 10 }],
  },
});

function file(name: string, content: string | Uint8Array): ExportFile {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  return {
    name,
    size: bytes.length,
    text: async () => new TextDecoder().decode(bytes),
    arrayBuffer: async () => bytes.slice().buffer,
  };
}

describe('readExport', () => {
  it('when a Habitica export is chosen, then only its tasks with the fields the import reads (checklists, ids, the day start, reward names) are sent', async () => {
    const request = await readExport([
      file(
        'habitica-user-data.json',
        JSON.stringify({ ...JSON.parse(HABITICA_JSON), preferences: { dayStart: 4, sound: 'x' } }),
      ),
    ]);
    const parsed = importRequestSchema.parse(request);
    expect(parsed.source).toBe('habitica');
    const sent = JSON.stringify(request);
    expect(sent).not.toContain('"inbox"');
    expect(sent).not.toContain('"sound"');
    expect(parsed.source === 'habitica' && parsed.export.preferences).toEqual({ dayStart: 4 });
    expect(parsed.source === 'habitica' && parsed.export.tasks.rewards).toEqual([{ text: 'Cake' }]);
    expect(parsed.source === 'habitica' && parsed.export.tasks.dailys[0]).toMatchObject({
      _id: 'd1',
      checklist: [{ text: 'Neck', completed: false }],
    });
    expect(sent).toContain('"Morning stretch"');
    expect(sent).not.toContain('isDue');
    expect(sent.length).toBeLessThan(HABITICA_JSON.length / 2);
  });

  it("when Loop's zip is chosen, then its CSV files are sent by path, without the Scores files", async () => {
    const zip = zipSync({
      'Habits.csv': strToU8(HABITS_CSV),
      'Checkmarks.csv': strToU8(CHECKMARKS_CSV),
      'Scores.csv': strToU8('Date,Meditate,\n2026-03-10,0.5000,\n'),
      '001 Meditate/Checkmarks.csv': strToU8('Date,Value,Notes\n2026-03-10,YES_MANUAL,\n'),
      '001 Meditate/Scores.csv': strToU8('Date,Score\n'),
    });
    const request = importRequestSchema.parse(
      await readExport([file('Loop Habits CSV 2026-03-10.zip', zip)]),
    );
    expect(request.source === 'loop' && request.files.map((f) => f.name).sort()).toEqual([
      '001 Meditate/Checkmarks.csv',
      'Checkmarks.csv',
      'Habits.csv',
    ]);
  });

  it("when Loop's full backup (.db) is chosen, then its bytes are sent whole, and one too large for a request is refused with the reason", async () => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    bytes.set(strToU8('SQLite format 3\0'), 0);
    const request = await readExport([file('Loop Habits Backup 2026-03-10.db', bytes)]);
    const parsed = importRequestSchema.parse(request);
    const sent = parsed.source === 'loop' ? atob(parsed.backup ?? '') : '';
    expect(Uint8Array.from(sent, (c) => c.charCodeAt(0))).toEqual(bytes);
    await expect(
      readExport([file('big.db', new Uint8Array(LOOP_BACKUP_MAX_BYTES + 1))]),
    ).rejects.toThrow(/larger than 700 KB, more than one request may carry: export as CSV/);
  });

  it("when Loop's CSV files are chosen, then they are sent as they are", async () => {
    const request = await readExport([
      file('Habits.csv', HABITS_CSV),
      file('Checkmarks.csv', CHECKMARKS_CSV),
    ]);
    expect(request).toMatchObject({ source: 'loop', fileName: 'Habits.csv' });
  });

  it.each([
    [
      'a file over 5 MB',
      [file('big.json', 'x'.repeat(5 * 1024 * 1024 + 1))],
      IMPORT_FILE_TOO_LARGE_MESSAGE,
    ],
    [
      'broken JSON',
      [file('export.json', '{"tasks": [')],
      'This file is not a Habitica data export: it is not valid JSON',
    ],
    [
      'JSON without tasks',
      [file('export.json', '{"todos": []}')],
      'This file is not a Habitica data export: it has no tasks',
    ],
    ['a broken zip', [file('export.zip', 'not a zip')], 'This zip file cannot be read'],
    ['a picture', [file('photo.png', 'png')], /^Choose a Habitica data export/],
  ])('when %s is chosen, then it is refused before anything is sent', async (_, files, message) => {
    await expect(readExport(files)).rejects.toThrow(message);
  });
});
