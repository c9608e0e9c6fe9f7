import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  IMPORT_MAX_REQUEST_BYTES,
  habiticaDoneDates,
  importRequestSchema,
} from '@levelup/contracts';
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
  it('when a Habitica export is chosen, then only its tasks with the fields the import reads (checklists, ids, tags, the day start, reward names) are sent', async () => {
    const json = JSON.parse(HABITICA_JSON);
    json.tasks.dailys[0].tags = ['t-morning'];
    const request = await readExport([
      file(
        'habitica-user-data.json',
        JSON.stringify({
          ...json,
          preferences: { dayStart: 4, sound: 'x' },
          tags: [{ id: 't-morning', name: 'Morning', challenge: false, group: 'g1' }],
        }),
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
      tags: ['t-morning'],
    });
    expect(parsed.source === 'habitica' && parsed.export.tags).toEqual([
      { id: 't-morning', name: 'Morning' },
    ]);
    expect(sent).toContain('"Morning stretch"');
    expect(sent).not.toContain('isDue');
    // The history goes as the dates it was done, not entry by entry.
    expect(sent).not.toContain('"history"');
    expect(parsed.source === 'habitica' && parsed.export.tasks.dailys[0]?.doneAt).toEqual([
      1773158400000,
    ]);
    expect(sent.length).toBeLessThan(HABITICA_JSON.length / 2);
  });

  it("when a subscriber's export holds a year of history on 74 habits and dailies and a 9 MB inbox, then it fits one request and every done day is sent", async () => {
    const DAY = 86_400_000;
    const start = Date.UTC(2025, 10, 1);
    const history = (task: number, marker: 'completed' | 'scoredUp') =>
      Array.from({ length: 365 }, (_, day) => {
        const done = (day + task) % 3 !== 0;
        return {
          date: start + day * DAY,
          value: 1.23456789012345 + day / 7,
          isDue: true,
          ...(marker === 'completed'
            ? { completed: done }
            : { scoredUp: done ? 1 : 0, scoredDown: 0 }),
        };
      });
    const dailys = Array.from({ length: 50 }, (_, i) => ({
      _id: `d${i}`,
      text: `Daily ${i}`,
      notes: 'n'.repeat(200),
      frequency: 'daily',
      everyX: 1,
      history: history(i, 'completed'),
    }));
    const habits = Array.from({ length: 24 }, (_, i) => ({
      _id: `h${i}`,
      text: `Habit ${i}`,
      up: true,
      down: false,
      history: history(i, 'scoredUp'),
    }));
    const raw = JSON.stringify({
      inbox: { messages: { m: { text: 'x'.repeat(9 * 1024 * 1024) } } },
      tasks: { habits, dailys, todos: [], rewards: [] },
    });
    expect(raw.length).toBeGreaterThan(10 * 1024 * 1024);
    const request = await readExport([file('habitica-user-data.json', raw)]);
    expect(new TextEncoder().encode(JSON.stringify(request)).length).toBeLessThan(
      IMPORT_MAX_REQUEST_BYTES,
    );
    const parsed = importRequestSchema.parse(request);
    if (parsed.source !== 'habitica') throw new Error('not habitica');
    // Each task's done dates are exactly those its raw history marks as done.
    expect(parsed.export.tasks.dailys[7]?.doneAt).toEqual(
      habiticaDoneDates(dailys[7]!.history, 'completed'),
    );
    expect(parsed.export.tasks.dailys[7]?.doneAt).toHaveLength(244);
    expect(parsed.export.tasks.habits[5]?.doneAt).toEqual(
      habiticaDoneDates(habits[5]!.history, 'scoredUp'),
    );
  });

  it('when a Habitica habit only counts "−", then its slips go as one date per click, with the day it was made', async () => {
    const habit = {
      _id: 'h1',
      type: 'habit',
      text: 'Smoke',
      up: false,
      down: true,
      createdAt: '2026-02-01T12:00:00.000Z',
      history: [
        { date: 1773000000000, value: -1, scoredUp: 0, scoredDown: 1 },
        { date: 1773100000000, value: -3, scoredUp: 0, scoredDown: 2 },
        { date: 1773200000000, value: -3, scoredUp: 0, scoredDown: 0 },
      ],
    };
    const json = JSON.parse(HABITICA_JSON) as { tasks: { habits: unknown[] } };
    json.tasks.habits = [habit];
    const parsed = importRequestSchema.parse(
      await readExport([file('habitica-user-data.json', JSON.stringify(json))]),
    );
    expect(parsed.source === 'habitica' && parsed.export.tasks.habits[0]).toMatchObject({
      createdAt: '2026-02-01T12:00:00.000Z',
      slippedAt: [1773000000000, 1773100000000, 1773100000000],
    });
    expect(JSON.stringify(parsed)).not.toContain('"history"');
  });

  it('when even the trimmed export is over what one request carries, then it is refused naming that reason', async () => {
    const rows = Array.from({ length: 9 * 1024 * 24 }, (_, i) => `2026-03-10,${i % 3},\n`);
    const huge = `Date,Meditate,\n${rows.join('').repeat(3)}`;
    expect(huge.length).toBeGreaterThan(8 * 1024 * 1024);
    await expect(
      readExport([file('Habits.csv', HABITS_CSV), file('Checkmarks.csv', huge)]),
    ).rejects.toThrow(
      /^Even cut down to the days you checked, this export needs \d+\.\d MB, more than the 8 MB one import can carry/,
    );
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
    ).rejects.toThrow(/larger than 6 MB, more than one import may carry: export as CSV/);
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
      'a file over 20 MB',
      [file('big.json', 'x'.repeat(20 * 1024 * 1024 + 1))],
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
