import {
  DATA_EXPORT_DOMAINS,
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_PATHS,
  dataExportCsvFiles,
  dataExportSectionSchema,
  type DataExport,
} from '@levelup/contracts';
import { apiGet } from '@levelup/web-kit';

/**
 * Everything the user has, asked of every service at once. All or nothing: a service that
 * does not answer fails the export, never a file that silently misses a part.
 */
export async function fetchDataExport(now: Date = new Date()): Promise<DataExport> {
  const sections = await Promise.all(
    DATA_EXPORT_DOMAINS.map(async (domain) =>
      dataExportSectionSchema.parse(await apiGet<unknown>(DATA_EXPORT_PATHS[domain])),
    ),
  );
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    data: Object.fromEntries(
      DATA_EXPORT_DOMAINS.map((domain, i) => [domain, sections[i]!]),
    ) as DataExport['data'],
  };
}

export function jsonExportBlob(exported: DataExport): Blob {
  return new Blob([`${JSON.stringify(exported, null, 2)}\n`], { type: 'application/json' });
}

/** One CSV per collection (with a BOM, so spreadsheets read UTF-8) in a zip; fflate loads on demand. */
export async function csvExportBlob(exported: DataExport): Promise<Blob> {
  const { strToU8, zipSync } = await import('fflate');
  const files = Object.fromEntries(
    dataExportCsvFiles(exported).map(({ name, content }) => [name, strToU8(`\uFEFF${content}`)]),
  );
  files['README.txt'] = strToU8(
    `Level Up data export (${DATA_EXPORT_FORMAT}), made ${exported.exportedAt}.\r\n` +
      'One CSV file per collection, by the service that keeps it; empty collections are left out.\r\n' +
      'Nested values are written as JSON.\r\n',
  );
  return new Blob([zipSync(files)], { type: 'application/zip' });
}

/** Hands a file to the browser's downloads. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
