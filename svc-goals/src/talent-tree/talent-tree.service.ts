import {
  EVENTS,
  countsTowardTalents,
  growthPathSchema,
  makeEvent,
  talentPathOf,
  talentUnlocksDue,
  type CheckUnlocksResponse,
  type PathCompletions,
  type QuestXpEventData,
  type TalentNode,
  type TalentProgress,
} from '@levelup/contracts';
import {
  currentRequestId,
  isDuplicateKeyError,
  outboxEntry,
  type OutboxRelay,
  onlyDuplicateKeyErrors,
} from '@levelup/service-kit';
import { olderThan, type EventPosition } from '../shared/event-order.ts';
import type { TalentModels, TalentNodeDoc, UserTalentProgressDoc } from './models.ts';
import { TALENT_NODES } from './nodes.ts';

export function toTalentNode(doc: TalentNodeDoc): TalentNode {
  return {
    nodeKey: doc.nodeKey,
    title: doc.title,
    description: doc.description,
    path: growthPathSchema.parse(doc.path),
    tier: doc.tier,
    icon: doc.icon ?? '',
    position: doc.position,
    completionsRequired: doc.completionsRequired,
    isKeystone: doc.isKeystone,
    isBranch: doc.isBranch,
    prerequisites: doc.prerequisites,
    effects: doc.effects,
    unlockMessage: doc.unlockMessage ?? '',
  };
}

/** The talent tree, each user's path completions and unlocks. */
/** The write of one completion: where its item holds an older position, the new state. */
function completionWrite(data: QuestXpEventData, position: EventPosition) {
  const itemId = data.occurrenceId ?? data.questId;
  const path = talentPathOf(data);
  return {
    filter: { _id: `${data.userId}|${itemId}`, ...olderThan(position) },
    update: {
      $set: {
        userId: data.userId,
        itemId,
        path,
        counted: path !== null && countsTowardTalents(data.completionType),
        at: position.at,
        seq: position.seq,
      },
    },
  };
}

/** Each member's counted completions per growth path: what unlocks talents. */
function talentCompletions(TalentCompletion: TalentModels['TalentCompletion']) {
  async function pathCompletions(userId: string): Promise<PathCompletions> {
    const [inner, physical, environment] = await Promise.all(
      growthPathSchema.options.map((path) =>
        TalentCompletion.countDocuments({ userId, path, counted: true }),
      ),
    );
    return {
      inner_growth: inner ?? 0,
      physical_growth: physical ?? 0,
      environment_growth: environment ?? 0,
    };
  }

  return {
    pathCompletions,

    /** A quest or an occurrence completed, partly completed or undone: whether it counts, and where. */
    async applyCompletion(data: QuestXpEventData, position: EventPosition): Promise<void> {
      const { filter, update } = completionWrite(data, position);
      try {
        await TalentCompletion.updateOne(filter, update, { upsert: true });
      } catch (err) {
        // The item is there with a newer event applied: this one is stale.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    /**
     * Several completions (a batch) in one unordered bulk write. Each write lands only on an older
     * position, so their order does not matter and the newest of an item wins; stale ones fail on the key.
     */
    async applyCompletions(
      list: ReadonlyArray<{ data: QuestXpEventData; position: EventPosition }>,
    ): Promise<void> {
      if (list.length === 0) return;
      const writes = list.map(({ data, position }) => ({
        updateOne: { ...completionWrite(data, position), upsert: true },
      }));
      try {
        await TalentCompletion.bulkWrite(writes as never, { ordered: false });
      } catch (err) {
        // Stale completions meet a newer one on the item's key.
        if (!onlyDuplicateKeyErrors(err)) throw err;
      }
    },
  };
}

export function talentTreeService(
  { TalentNode, UserTalentProgress, TalentCompletion }: TalentModels,
  deps: { relay?: OutboxRelay; clock?: () => Date } = {},
) {
  const clock = deps.clock ?? (() => new Date());
  const completions = talentCompletions(TalentCompletion);
  const { pathCompletions } = completions;

  async function nodes(): Promise<TalentNodeDoc[]> {
    return TalentNode.find({}).sort({ order: 1, tier: 1, nodeKey: 1 }).lean<TalentNodeDoc[]>();
  }

  async function unlockedRows(userId: string): Promise<UserTalentProgressDoc[]> {
    return UserTalentProgress.find({ userId, isUnlocked: true }).lean<UserTalentProgressDoc[]>();
  }

  return {
    ...completions,

    /** Writes the tree from nodes.ts (idempotent, by node key) and drops nodes no longer in it. */
    async seed(): Promise<void> {
      const write = () =>
        TalentNode.bulkWrite(
          TALENT_NODES.map(({ nodeKey, ...node }, order) => ({
            updateOne: {
              filter: { nodeKey },
              update: { $set: { ...node, nodeKey, order } },
              upsert: true,
            },
          })),
          { ordered: false },
        );
      try {
        await write();
      } catch (err) {
        // Another instance seeded the same node at the same moment: the second pass only updates.
        if (!isDuplicateKeyError(err)) throw err;
        await write();
      }
      await TalentNode.deleteMany({ nodeKey: { $nin: TALENT_NODES.map((n) => n.nodeKey) } });
    },

    async tree(): Promise<TalentNode[]> {
      return (await nodes()).map(toTalentNode);
    },

    /** One entry per node: the completions of its path and whether the user unlocked it. */
    async progress(userId: string): Promise<TalentProgress[]> {
      const [all, counts, unlocked] = await Promise.all([
        nodes(),
        pathCompletions(userId),
        unlockedRows(userId),
      ]);
      const byKey = new Map(unlocked.map((row) => [row.nodeKey, row]));
      return all.map((node) => {
        const row = byKey.get(node.nodeKey);
        return {
          nodeKey: node.nodeKey,
          currentCompletions: counts[growthPathSchema.parse(node.path)],
          isUnlocked: !!row,
          unlockedAt: row?.unlockedAt ? new Date(row.unlockedAt).toISOString() : null,
        };
      });
    },

    /**
     * Unlocks every node that is due (talentUnlocksDue): each node once per user, even for parallel
     * checks, since the unique (user, node) row decides who unlocked it.
     */
    async checkUnlocks(userId: string): Promise<CheckUnlocksResponse> {
      const [all, counts, unlocked] = await Promise.all([
        nodes(),
        pathCompletions(userId),
        unlockedRows(userId),
      ]);
      const due = talentUnlocksDue(
        all.map(toTalentNode),
        counts,
        new Set(unlocked.map((row) => row.nodeKey)),
      );
      const newlyUnlocked: CheckUnlocksResponse['newlyUnlocked'] = [];
      const now = clock();
      for (const node of due) {
        const event = makeEvent(
          EVENTS.talentUnlocked.type,
          {
            userId,
            nodeKey: node.nodeKey,
            title: node.title,
            path: node.path,
            tier: node.tier,
            isKeystone: node.isKeystone,
            unlockMessage: node.unlockMessage,
          },
          { requestId: currentRequestId(), now },
        );
        try {
          const row = await UserTalentProgress.create({
            userId,
            nodeKey: node.nodeKey,
            isUnlocked: true,
            unlockedAt: now,
            currentCompletions: counts[node.path],
            pathCompletions: counts,
            outbox: [outboxEntry(event, now)],
          });
          newlyUnlocked.push({ nodeKey: node.nodeKey, title: node.title });
          await deps.relay?.flush(row.toObject());
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
      return { newlyUnlocked };
    },
  };
}

export type TalentTreeService = ReturnType<typeof talentTreeService>;
