import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { Model } from 'mongoose';
import type { API, DataExportRow, DataExportSection } from '@levelup/contracts';
import { userIdOf } from './identity.ts';
import { mount } from './mount.ts';

type DataExportOperation =
  | typeof API.exportIdentityData
  | typeof API.exportQuestsData
  | typeof API.exportGoalsData
  | typeof API.exportCommunityData
  | typeof API.exportFeedbackData;

/** Bookkeeping of the outbox and Mongoose: never the user's data. */
const INTERNAL_FIELDS = new Set(['outbox', 'outboxLockedUntil', '__v']);

/** A stored value as plain JSON: dates as ISO strings, ObjectIds as hex, nested values alike. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    if ('toHexString' in value && typeof value.toHexString === 'function')
      return (value as { toHexString(): string }).toHexString();
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

/** A stored document as an export row: `id` first, internal fields and `omit` left out. */
export function exportRow(
  doc: Record<string, unknown>,
  omit: readonly string[] = [],
): DataExportRow {
  const row: DataExportRow = { id: plain(doc._id) };
  for (const [key, value] of Object.entries(doc))
    if (key !== '_id' && !INTERNAL_FIELDS.has(key) && !omit.includes(key)) row[key] = plain(value);
  return row;
}

export interface ExportCollection {
  // Models of any document type: the export reads them all the same way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  /** The user's documents in it, e.g. { userId }. */
  filter: Record<string, unknown>;
  /** Fields that are not the user's to take (a password hash, other members' ids). */
  omit?: readonly string[];
  /**
   * Adds to each row from its stored document, e.g. "you joined" in place of who else did, or another
   * member's name in place of their id (which may need a lookup, hence a promise).
   */
  map?: (
    row: DataExportRow,
    doc: Record<string, unknown>,
  ) => DataExportRow | Promise<DataExportRow>;
}

/** Every collection's rows for the user, oldest first (by _id, then as stored). */
export async function exportCollections(
  collections: Record<string, ExportCollection>,
): Promise<DataExportSection> {
  const entries = await Promise.all(
    Object.entries(collections).map(async ([name, { model, filter, omit, map }]) => {
      const docs = await model
        .find(filter)
        .sort({ _id: 1 })
        .lean<Record<string, unknown>[]>()
        .exec();
      const rows = await Promise.all(
        docs.map((doc) => {
          const row = exportRow(doc, omit);
          return map ? map(row, doc) : row;
        }),
      );
      return [name, rows] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The service's export operation: the signed-in user's data held by this service. Behind the app's
 * identity check (createServiceApp's identitySecret), or `signedIn` where the service checks sessions
 * itself.
 */
export function dataExportRouter(options: {
  operation: DataExportOperation;
  collections: (userId: string) => Record<string, ExportCollection>;
  signedIn?: Middleware;
}): Router {
  const router = new Router();
  mount(
    router,
    options.operation,
    ({ ctx }) => exportCollections(options.collections(userIdOf(ctx))),
    { use: options.signedIn ? [options.signedIn] : [] },
  );
  return router;
}
