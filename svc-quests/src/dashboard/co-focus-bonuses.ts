import { Schema, type Connection, type Model } from 'mongoose';
import { EVENTS, isCoFocusEvent, isEventOf, type EventEnvelope } from '@levelup/contracts';
import { isDuplicateKeyError, perConnection } from '@levelup/service-kit';

/**
 * Read model of the co-focus bonuses svc-community awards (a completion made while present in a live
 * room), so the calendar's Total XP counts the same XP the profile's ledger does. One row per
 * completion, keyed by the completion event's id: the award and its return are each applied once
 * however often they are delivered, and in either order.
 */
export interface CoFocusBonusDoc {
  /** The quests.completed event the bonus came with. */
  _id: string;
  userId: string;
  /** The local day of the completion: the calendar day the bonus belongs to. */
  localDate: string;
  xp: number;
  /** The completion was undone: its bonus went back and no day counts it. */
  revoked: boolean;
}

const coFocusBonusSchema = new Schema<CoFocusBonusDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    localDate: { type: String, required: true },
    xp: { type: Number, required: true },
    revoked: { type: Boolean, required: true, default: false },
  },
  { collection: 'co_focus_bonuses', versionKey: false },
);
coFocusBonusSchema.index({ userId: 1, localDate: 1 });

export const coFocusBonusModel: (db: Connection) => Model<CoFocusBonusDoc> = perConnection((db) =>
  db.model<CoFocusBonusDoc>('CoFocusBonus', coFocusBonusSchema),
);

export const CO_FOCUS_BONUS_EVENTS = [EVENTS.coFocusAwarded, EVENTS.coFocusRevoked] as const;

export function coFocusBonuses(CoFocusBonus: Model<CoFocusBonusDoc>) {
  /** An upsert on _id that two deliveries race: the loser's duplicate key means the row is there now. */
  async function upsert(id: string, update: Record<string, unknown>): Promise<void> {
    try {
      await CoFocusBonus.updateOne({ _id: id }, update, { upsert: true });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      await CoFocusBonus.updateOne({ _id: id }, update);
    }
  }

  return {
    /**
     * An award writes the row once (a later delivery finds it); a return marks it revoked, and a return
     * that arrives first leaves a revoked row the award then cannot revive. The bus validated the event.
     */
    async apply(event: EventEnvelope): Promise<void> {
      if (!isCoFocusEvent(event)) return;
      const { completionEventId, userId, localDate, xpDelta } = event.data;
      if (isEventOf(EVENTS.coFocusAwarded, event)) {
        await upsert(completionEventId, {
          $setOnInsert: { userId, localDate, xp: xpDelta, revoked: false },
        });
        return;
      }
      await upsert(completionEventId, {
        $set: { revoked: true },
        $setOnInsert: { userId, localDate, xp: -xpDelta },
      });
    },

    /** The bonuses still held, by the local day of their completion, from..to inclusive. */
    async heldBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<{ localDate: string; xp: number }[]> {
      return CoFocusBonus.find(
        { userId, localDate: { $gte: from, $lte: to }, revoked: false },
        { _id: 0, localDate: 1, xp: 1 },
      ).lean();
    },

    /** The XP of every bonus still held: what they add to the overview's total. */
    async totalHeld(userId: string): Promise<number> {
      const rows = await CoFocusBonus.find({ userId, revoked: false }, { _id: 0, xp: 1 }).lean();
      return rows.reduce((sum, row) => sum + row.xp, 0);
    },
  };
}

export type CoFocusBonuses = ReturnType<typeof coFocusBonuses>;
