import {
  QUEST_XP_EVENT_TYPES,
  levelProgress,
  lifeTaskCompletedEventSchema,
  questXpEventSchema,
  type EventEnvelope,
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

/** The XP an event moves, or null for events that carry none. */
function xpOf(event: EventEnvelope): { userId: string; xpDelta: number } | null {
  if (questXpTypes.includes(event.type)) {
    const parsed = questXpEventSchema.safeParse(event);
    if (!parsed.success) throw malformed(event.type, parsed.error.issues);
    return { userId: parsed.data.data.userId, xpDelta: parsed.data.data.xpDelta };
  }
  if (event.type === 'quests.life_task_completed') {
    const parsed = lifeTaskCompletedEventSchema.safeParse(event);
    if (!parsed.success) throw malformed(event.type, parsed.error.issues);
    return { userId: parsed.data.data.userId, xpDelta: parsed.data.data.xpEarned };
  }
  return null;
}

/**
 * Applies each XP event exactly once (decision 5): a ledger row keyed by the event id (a second
 * delivery hits the unique _id and adds nothing), then the user's total is recomputed from the
 * ledger. The recompute runs on duplicates too, so a crash between the two steps heals on redelivery,
 * and it only lands where the stored ledger count is lower, so an older recompute never wins.
 */
export function xpEventHandler(models: IdentityModels, logger: Logger) {
  const { User, XpLedger } = models;

  async function recompute(userId: string): Promise<void> {
    const [totals] = await XpLedger.aggregate<{ total: number; count: number }>([
      { $match: { userId } },
      { $group: { _id: null, total: { $sum: '$xpDelta' }, count: { $sum: 1 } } },
    ]);
    const count = totals?.count ?? 0;
    const xp = Math.max(0, totals?.total ?? 0); // XP never shows below 0, whatever order events arrive in
    await User.updateOne(
      { _id: userId, ledgerCount: { $lt: count } },
      { $set: { xp, level: levelProgress(xp).level, ledgerCount: count } },
    );
  }

  return async function applyXpEvent(event: EventEnvelope): Promise<void> {
    const xp = xpOf(event);
    if (!xp) return;
    try {
      await XpLedger.create({
        _id: event.id,
        userId: xp.userId,
        xpDelta: xp.xpDelta,
        type: event.type,
        at: new Date(event.occurredAt),
      });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      logger.info('xp event already applied', { eventId: event.id, type: event.type });
    }
    await recompute(xp.userId);
  };
}
