import {
  EVENTS,
  CO_FOCUS_BONUS_REASON,
  isCoFocusEvent,
  isEventOf,
  isQuestXpEvent,
  xpSourceOf,
  type EventEnvelope,
  type XpSource,
} from '@levelup/contracts';
import {
  isDuplicateKeyError,
  onlyDuplicateKeyErrors,
  type BatchHandler,
  type Logger,
} from '@levelup/service-kit';
import type { IdentityModels } from '../users/models.ts';

/** The events that move XP, by the stream they come in: completions, and co-focus bonuses. */
export const XP_QUEST_EVENTS = [
  EVENTS.questCompleted,
  EVENTS.questPartial,
  EVENTS.questRevoked,
  EVENTS.lifeTaskCompleted,
  EVENTS.lifeTaskUncompleted,
] as const;
export const XP_CO_FOCUS_EVENTS = [EVENTS.coFocusAwarded, EVENTS.coFocusRevoked] as const;

interface XpMove {
  userId: string;
  xpDelta: number;
  /** Kept on the ledger row for the XP history and the achievements. */
  source: XpSource;
  title: string;
  localDate: string;
}

/**
 * How many of a user's latest XP event ids the user document keeps: far more than one user's events
 * during JetStream's redelivery horizon (ack wait 10 s, at most 10 deliveries over about two minutes) or
 * the window in which an outbox may publish an event twice.
 */
export const XP_RECENT_WINDOW = 200;

/**
 * The XP an event moves, or null for events that carry none. The bus (and a rebuild) validated the event
 * with its EVENTS entry's schema, so its data is read as it is.
 */
function xpOf(event: EventEnvelope): XpMove | null {
  if (isQuestXpEvent(event))
    return xpMove(event.data, event.data.xpDelta, xpSourceOf(event.type, event.data.occurrenceId));
  if (isEventOf(EVENTS.lifeTaskCompleted, event))
    return xpMove(event.data, event.data.xpEarned, 'life_task');
  // Undo of a life task's check-off: the ledger takes back what that completion earned.
  if (isEventOf(EVENTS.lifeTaskUncompleted, event))
    return xpMove(event.data, event.data.xpDelta, 'life_task');
  // The history shows the co-focus reason and the quest it came with.
  if (isCoFocusEvent(event))
    return xpMove(
      { ...event.data, title: `${CO_FOCUS_BONUS_REASON}: ${event.data.title}` },
      event.data.xpDelta,
      'co_focus',
    );
  return null;
}

function xpMove(
  data: { userId: string; title: string; localDate: string },
  xpDelta: number,
  source: XpSource,
): XpMove {
  return { userId: data.userId, xpDelta, source, title: data.title, localDate: data.localDate };
}

/**
 * Applies one XP event exactly once at a cost that does not grow with the user's history: four
 * single-document writes, whatever the ledger's length. The path for redeliveries, replays, a lone
 * event and a batch that did not apply whole (xpBatchHandler is the common path under load).
 *
 * 1. A ledger row keyed by the event id, `applied: false` (a redelivery finds the row).
 * 2. `$inc` of the user's total together with the event id in `xpApplying` (and in `xpRecent`), only
 *    where that id is in neither yet: the total and the markers change in one document, so the increment
 *    lands once, whichever path applied the event first.
 * 3. The ledger row is marked applied. 4. The `xpApplying` marker is removed.
 *
 * A crash between any two steps heals on redelivery: an unapplied row whose id is still in
 * `xpApplying` or `xpRecent` was already added (step 2 refuses it again), an applied row only needs
 * step 4.
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
      { _id: userId, xpApplying: { $ne: event.id }, xpRecent: { $ne: event.id } },
      {
        $inc: { xp: xpDelta, xpVersion: 1 },
        $push: {
          xpApplying: event.id,
          xpRecent: { $each: [event.id], $slice: -XP_RECENT_WINDOW },
        },
      },
    );
    await XpLedger.updateOne({ _id: event.id }, { $set: { applied: true } });
    await User.updateOne({ _id: userId }, { $pull: { xpApplying: event.id } });
  };
}

/** The batch's XP was not added whole (some event already in, or some user unknown). */
class BatchNotWhole extends Error {
  constructor() {
    super('an event of the batch is already applied, or a user is unknown');
    this.name = 'BatchNotWhole';
  }
}

/** A batch's moves by user: each user's sum and event ids, in stream order. */
function movesByUser(moves: Array<{ event: EventEnvelope; xp: XpMove }>) {
  const users = new Map<string, { sum: number; ids: string[] }>();
  for (const { event, xp } of moves) {
    const user = users.get(xp.userId) ?? { sum: 0, ids: [] };
    user.sum += xp.xpDelta;
    user.ids.push(event.id);
    users.set(xp.userId, user);
  }
  return users;
}

/**
 * A pulled batch of XP events (several users', each user's in stream order; first deliveries and
 * redeliveries), applied in four writes whatever its size, instead of four per event:
 *
 * 1. One find of the batch's events already in the ledger. Applied rows are in the total already: they
 *    leave the batch, and their ids leave `xpApplying` (a crash may have come before step 4). A row not
 *    yet applied sends the batch to the one-at-a-time path, which heals it. A redelivery (an
 *    acknowledgement lost while a NATS node was down) thus costs the batch one more write at most,
 *    instead of three writes of its own one at a time.
 * 2. One bulk write of one update per user: `$inc` by the sum of that user's deltas and every one of
 *    their event ids pushed into `xpApplying` and `xpRecent` (the last XP_RECENT_WINDOW ids), only
 *    where none of the ids is in either yet. Each user's update lands whole or not at all; if any does
 *    not (an event already applied, e.g. sent twice by an outbox, or an unknown user), the batch goes
 *    to the one-at-a-time path, which finds the users already raised by their ids in `xpApplying`.
 * 3. The ledger rows, `applied: true`, in one unordered insert (rows already there are fine).
 * 4. The ids leave `xpApplying`, one update for all the batch's users.
 *
 * A crash after 2 redelivers the events one at a time, after the acknowledgement wait: each finds its
 * id in `xpApplying`, so only its ledger row is written. `xpRecent` alone would not do: by then the
 * restarted service may have applied more than XP_RECENT_WINDOW newer events of a busy user, pushing
 * the ids out of it. A crash after 3 finds the rows applied and only takes the ids out of `xpApplying`.
 */
export function xpBatchHandler(models: IdentityModels): BatchHandler {
  const { User, XpLedger } = models;
  return async (entries) => {
    // The bus hands a batch each event id once (a copy published again comes in only once).
    const moves = await withoutApplied(
      models,
      entries.flatMap(({ event }) => {
        const xp = xpOf(event);
        return xp ? [{ event, xp }] : [];
      }),
    );
    if (moves.length === 0) return;
    const ids = moves.map(({ event }) => event.id);
    const users = movesByUser(moves);
    const raised = await User.bulkWrite(
      [...users].map(([userId, user]) => ({
        updateOne: {
          filter: { _id: userId, xpRecent: { $nin: user.ids }, xpApplying: { $nin: user.ids } },
          update: {
            $inc: { xp: user.sum, xpVersion: 1 },
            $push: {
              xpApplying: { $each: user.ids },
              xpRecent: { $each: user.ids, $slice: -XP_RECENT_WINDOW },
            },
          },
        },
      })),
      { ordered: false },
    );
    if (raised.matchedCount !== users.size) throw new BatchNotWhole();
    try {
      await XpLedger.insertMany(
        moves.map(({ event, xp }) => ({
          _id: event.id,
          userId: xp.userId,
          xpDelta: xp.xpDelta,
          type: event.type,
          at: new Date(event.occurredAt),
          applied: true,
          source: xp.source,
          title: xp.title,
          localDate: xp.localDate,
        })),
        { ordered: false },
      );
    } catch (err) {
      if (!onlyDuplicateKeyErrors(err)) throw err;
    }
    await User.updateMany(
      { _id: { $in: [...users.keys()] } },
      { $pull: { xpApplying: { $in: ids } } },
    );
  };
}

/**
 * The moves whose events are not in the ledger yet. The ledger is the record of what was applied:
 * xpRecent holds only the last XP_RECENT_WINDOW ids, and a redelivery after a crash (acknowledgements
 * that never reached the server) can be older than that for a busy user. Applied rows' ids leave
 * `xpApplying`; a row not yet applied refuses the batch (the one-at-a-time path finishes it).
 */
async function withoutApplied(
  { User, XpLedger }: IdentityModels,
  moves: Array<{ event: EventEnvelope; xp: XpMove }>,
): Promise<Array<{ event: EventEnvelope; xp: XpMove }>> {
  if (moves.length === 0) return moves;
  const rows = await XpLedger.find({ _id: { $in: moves.map(({ event }) => event.id) } })
    .select({ applied: 1, userId: 1 })
    .lean();
  if (rows.length === 0) return moves;
  // Rows written before this protocol have no `applied` field: they are in the total already.
  if (rows.some((row) => row.applied === false)) throw new BatchNotWhole();
  const applied = new Set(rows.map((row) => row._id));
  await User.updateMany(
    { _id: { $in: [...new Set(rows.map((row) => row.userId))] } },
    { $pull: { xpApplying: { $in: [...applied] } } },
  );
  return moves.filter(({ event }) => !applied.has(event.id));
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
