import { describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_FORMAT,
  dataExportCsvFiles,
  dataExportSectionSchema,
  toCsv,
  type DataExport,
} from './data-export.ts';

describe('toCsv', () => {
  it('writes a header of every key in the order first seen and one line per row', () => {
    expect(
      toCsv([
        { id: 'a', xp: 10 },
        { id: 'b', title: 'Walk' },
      ]),
    ).toBe('id,xp,title\r\na,10,\r\nb,,Walk\r\n');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(toCsv([{ text: 'a, b', quote: 'say "hi"', lines: 'one\ntwo' }])).toBe(
      'text,quote,lines\r\n"a, b","say ""hi""","one\ntwo"\r\n',
    );
  });

  it('writes nested values as JSON, null and missing as empty, booleans and numbers as text', () => {
    expect(toCsv([{ days: [1, 3], at: null, done: false, xp: -5 }])).toBe(
      'days,at,done,xp\r\n"[1,3]",,false,-5\r\n',
    );
  });

  it('keeps a spreadsheet from running a text cell as a formula, never touching numbers', () => {
    expect(toCsv([{ title: '=HYPERLINK("x")', note: '+1', who: '@me', xp: -10 }])).toBe(
      `title,note,who,xp\r\n"'=HYPERLINK(""x"")",'+1,'@me,-10\r\n`,
    );
  });

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});

describe('dataExportCsvFiles', () => {
  it('gives one file per non-empty collection, named by domain', () => {
    const exported: DataExport = {
      format: DATA_EXPORT_FORMAT,
      exportedAt: '2026-11-23T10:00:00.000Z',
      data: {
        identity: { profile: [{ id: 'u1', username: 'ada' }], xpHistory: [] },
        quests: { quests: [{ id: 'q1', title: 'Walk' }] },
        goals: {},
        community: {},
        feedback: {},
      },
    };
    expect(dataExportCsvFiles(exported)).toEqual([
      { name: 'identity/profile.csv', content: 'id,username\r\nu1,ada\r\n' },
      { name: 'quests/quests.csv', content: 'id,title\r\nq1,Walk\r\n' },
    ]);
  });
});

describe('dataExportSectionSchema', () => {
  it('takes collections of rows and refuses anything else', () => {
    expect(dataExportSectionSchema.safeParse({ quests: [{ id: 'q1' }] }).success).toBe(true);
    expect(dataExportSectionSchema.safeParse({ quests: 'q1' }).success).toBe(false);
  });
});
