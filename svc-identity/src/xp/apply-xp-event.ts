import {
  QUEST_XP_EVENT_TYPES,
  lifeTaskCompletedEventSchema,
  questXpEventSchema,
  xpSourceOf,
  type EventEnvelope,
  type XpSource,
} from '@levelup/contracts';
import { PermanentEventError, isDuplicateKeyError, type Logger } from '@levelup/service-kit';
import type { IdentityModels } from '../users/models.ts';

const questXpTypes: readonly string[] = QUEST_XP_EVENT_TYPES;

function malformed(
  type: string,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): PermanentEventError {
  const summary = issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
  return new PermanentEventError(`malformed ${type} (${summary.join('; ')})`);
}

interface XpMove {
  userId: string;
  xpDelta: number;
  /** Kept on the ledger row for the XP history and the achievements. */
  source: XpSource;
  title: string;
  localDate: string;
}

/** The XP an event moves, or null for events that carry none. */
function xpOf(event: EventEnvelope): XpMove | null {
  if (questXpTypes.includes(event.type)) {
    const parsed = questXpEventSchema.safeParse(event);
    if (!parsed.success) throw malformed(event.type, parsed.error.issues);
    const data = parsed.data.data;
    return {
      userId: data.userId,
      xpDelta: data.xpDelta,
      source: xpSourceOf(event.type, data.occurrenceId),
      title: data.title,
      localDate: data.localDate,
    };
  }
  if (event.type === 'quests.life_task_completed') {
    const parsed = lifeTaskCompletedEventSchema.safeParse(event);
    if (!parsed.success) throw malformed(event.type, parsed.error.issues);
    const data = parsed.data.data;
    return {
      userId: data.userId,
      xpDelta: data.xpEarned,
      source: 'life_task',
      title: data.title,
      localDate: data.localDate,
    };
  }
  return null;
}

/** The user whose events decide the order of XP changes: events of one user are applied in order. */
export function xpEventPartition(event: EventEnvelope): string | undefined {
  const userId = (event.data as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/**
 * Applies each XP event exactly once (decision 5) at a cost that does not grow with the user's
 * history (issue 7): four single-document writes, whatever the ledger's length.
 *
 * 1. A ledger row keyed by the event id, `applied: false` (a redelivery finds the row).
 * 2. `$inc` of the user's total together with the event id in `xpApplying`, only where that id is
 *    not there yet: the total and the marker change in one document, so the increment lands once.
 * 3. The ledger row is marked applied. 4. The marker is removed.
 *
 * A crash between any two steps heals on redelivery: an unapplied row whose id is still in
 * `xpApplying` was already added (step 2 refuses it again), an applied row only needs step 4.
 */
export function xpEventHandler(models: IdentityModels, logger: Logger) {
  const { User, XpLedger } = models;

  return async function applyXpEvent(event: EventEnvelope): Promise<void> {
    const xp = xpOf(event);
    if (!xp) return;
    const { userId, xpDelta } = xp;
    try {
      await XpLedger.create({
        _id: event.id,
        userId,
        xpDelta,
        type: event.type,
        at: new Date(event.occurredAt),
        applied: false,
        source: xp.source,
        title: xp.title,
        localDate: xp.localDate,
      });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const row = await XpLedger.findById(event.id).select({ applied: 1 }).lean();
      // Rows written before this protocol have no `applied` field: they are in the total already.
      if (row && row.applied !== false) {
        logger.info('xp event already applied', { eventId: event.id, type: event.type });
        await User.updateOne({ _id: userId }, { $pull: { xpApplying: event.id } });
        return;
      }
    }
    await User.updateOne(
      { _id: userId, xpApplying: { $ne: event.id } },
      { $inc: { xp: xpDelta, xpVersion: 1 }, $push: { xpApplying: event.id } },
    );
    await XpLedger.updateOne({ _id: event.id }, { $set: { applied: true } });
    await User.updateOne({ _id: userId }, { $pull: { xpApplying: event.id } });
  };
}

/**
 * Sets a user's total to the sum of their applied ledger rows (O(history): a repair, never on the
 * event path). It lands only if no XP change happened meanwhile and none is half-applied, so it
 * never overwrites a newer total. Returns whether the total changed.
 */
export async function reconcileUserXp(models: IdentityModels, userId: string): Promise<boolean> {
  const { User, XpLedger } = models;
  const user = await User.findById(userId).select({ xp: 1, xpVersion: 1, xpApplying: 1 }).lean();
  if (!user || (user.xpApplying?.length ?? 0) > 0) return false;
  const [totals] = await XpLedger.aggregate<{ total: number }>([
    { $match: { userId, applied: { $ne: false } } },
    { $group: { _id: null, total: { $sum: '$xpDelta' } } },
  ]);
  const total = totals?.total ?? 0;
  if (total === user.xp && user.xpVersion !== undefined) return false;
  const version = user.xpVersion ?? null;
  const result = await User.updateOne(
    {
      _id: userId,
      xpVersion: version === null ? { $exists: false } : version,
      'xpApplying.0': { $exists: false },
    },
    { $set: { xp: total, xpVersion: (version ?? 0) + 1 } },
  );
  return result.modifiedCount === 1;
}

/**
 * Users stored before the incremental total (no `xpVersion`) kept max(0, sum) in `xp`: their
 * total is rebuilt once from the ledger at start-up.
 */
export async function reconcileLegacyUsers(models: IdentityModels, logger: Logger): Promise<void> {
  const legacy = await models.User.find({ xpVersion: { $exists: false } })
    .select({ _id: 1 })
    .lean();
  for (const { _id } of legacy) await reconcileUserXp(models, _id);
  if (legacy.length > 0) logger.info('xp totals rebuilt from the ledger', { users: legacy.length });
}
