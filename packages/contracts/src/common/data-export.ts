import { z } from 'zod';

/**
 * Export of everything a user has (profile: "export of all the user's data as JSON and CSV").
 * Each service answers for its own collections at its own path; the profile screen asks them all and
 * writes one JSON document, or one CSV file per collection in a zip.
 */
export const DATA_EXPORT_FORMAT = 'levelup-export/1';

/** Which service holds which part of a user's data, and where it answers with it. */
export const DATA_EXPORT_PATHS = {
  identity: '/api/user/export',
  quests: '/api/quests/export',
  goals: '/api/goals/export',
  community: '/api/community/export',
  feedback: '/api/feedback/export',
} as const;

export type DataExportDomain = keyof typeof DATA_EXPORT_PATHS;
export const DATA_EXPORT_DOMAINS = Object.keys(DATA_EXPORT_PATHS) as DataExportDomain[];

/** One row of a collection: plain JSON (dates as ISO strings, ids as strings), `id` first. */
export type DataExportRow = Record<string, unknown>;

/** What one service answers: its collections by name, each the user's rows, oldest first. */
export const dataExportSectionSchema = z.record(
  z.string(),
  z.array(z.record(z.string(), z.unknown())),
);
export type DataExportSection = z.infer<typeof dataExportSectionSchema>;

export interface DataExport {
  format: typeof DATA_EXPORT_FORMAT;
  exportedAt: string;
  data: Record<DataExportDomain, DataExportSection>;
}

/** A spreadsheet would run a cell starting with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'object'
      ? JSON.stringify(value)
      : typeof value === 'string'
        ? value
        : String(value as number | boolean | bigint);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV of rows whose keys may differ: the columns are every key in the order first seen; a
 * nested value is written as JSON; a text that a spreadsheet would run as a formula gets a leading '.
 */
export function toCsv(rows: readonly DataExportRow[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
  if (columns.length === 0) return '';
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** One CSV file per collection, named domain/collection.csv; empty collections are left out. */
export function dataExportCsvFiles(exported: DataExport): { name: string; content: string }[] {
  return DATA_EXPORT_DOMAINS.flatMap((domain) =>
    Object.entries(exported.data[domain])
      .filter(([, rows]) => rows.length > 0)
      .map(([collection, rows]) => ({ name: `${domain}/${collection}.csv`, content: toCsv(rows) })),
  );
}

/** The file name for an export made on a local date, e.g. levelup-export-2026-11-23. */
export function dataExportFileName(localDate: string): string {
  return `levelup-export-${localDate}`;
}
