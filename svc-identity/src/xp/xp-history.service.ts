import {
  achievementsFrom,
  xpSourceOf,
  type Achievement,
  type XpHistoryEntry,
  type XpHistoryResponse,
} from '@levelup/contracts';
import type { IdentityModels, XpLedgerDoc } from '../users/models.ts';

/**
 * The user's XP ledger read back: the 'why this XP' history and the achievements earned from it.
 * Only rows whose XP is in the total count (a half-applied row is still on its way).
 */
export function xpHistoryService(models: IdentityModels) {
  const { XpLedger } = models;
  const appliedOf = (userId: string) => ({ userId, applied: { $ne: false } });

  return {
    async history(userId: string, limit: number): Promise<XpHistoryResponse> {
      const [rows, total] = await Promise.all([
        XpLedger.find(appliedOf(userId))
          .sort({ at: -1, _id: -1 })
          .limit(limit)
          .lean<XpLedgerDoc[]>(),
        XpLedger.countDocuments(appliedOf(userId)),
      ]);
      return { entries: rows.map(toEntry), total };
    },

    /** Reads the whole ledger once: a profile visit, never an event path. */
    async achievements(userId: string): Promise<Achievement[]> {
      const rows = await XpLedger.find(appliedOf(userId))
        .select({ type: 1, xpDelta: 1, at: 1, localDate: 1 })
        .lean<Pick<XpLedgerDoc, 'type' | 'xpDelta' | 'at' | 'localDate'>[]>();
      // Community Helper needs the community's own record of help given, which svc-identity does not
      // hold yet: it stays unearned until the community service publishes it.
      return achievementsFrom(
        rows.map((row) => ({ ...row, localDate: row.localDate ?? null })),
        null,
      );
    },
  };
}

export type XpHistoryService = ReturnType<typeof xpHistoryService>;

function toEntry(row: XpLedgerDoc): XpHistoryEntry {
  return {
    id: row._id,
    type: row.type,
    source: row.source ?? xpSourceOf(row.type, null),
    title: row.title ?? null,
    xpDelta: row.xpDelta,
    at: row.at.toISOString(),
    localDate: row.localDate ?? null,
  };
}
