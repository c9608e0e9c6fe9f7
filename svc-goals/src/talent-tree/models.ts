import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { GrowthPath } from '@levelup/contracts';
import {
  indexOutbox,
  outboxSchemaFields,
  type OutboxEntry,
  perConnection,
} from '@levelup/service-kit';

/** talent_tree_nodes, seeded from nodes.ts. */
export interface TalentNodeDoc {
  _id: Types.ObjectId;
  nodeKey: string;
  path: string;
  tier: number;
  title: string;
  description: string;
  icon: string | null;
  effects: Array<{ name?: string; description?: string; type: string }>;
  completionsRequired: number;
  prerequisites: string[];
  isBranch: boolean;
  isKeystone: boolean;
  position: { x: number; y: number };
  unlockMessage: string | null;
  /** Position in the seed list (tree order). */
  order: number;
}

const talentNodeSchema = new Schema<TalentNodeDoc>(
  {
    nodeKey: { type: String, required: true, unique: true },
    path: { type: String, required: true },
    tier: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    icon: { type: String, default: null },
    effects: { type: Schema.Types.Mixed, default: [] },
    completionsRequired: { type: Number, required: true, default: 1 },
    prerequisites: { type: [String], default: [] },
    isBranch: { type: Boolean, default: false },
    isKeystone: { type: Boolean, default: false },
    position: { type: Schema.Types.Mixed, default: { x: 0, y: 0 } },
    unlockMessage: { type: String, default: null },
    order: { type: Number, required: true, default: 0 },
  },
  { collection: 'talent_tree_nodes', versionKey: false },
);

export const talentNodeModel: (db: Connection) => Model<TalentNodeDoc> = perConnection((db) =>
  db.model<TalentNodeDoc>('TalentNode', talentNodeSchema),
);

/** user_talent_progress: one row per node a user unlocked; unique per user and node. */
export interface UserTalentProgressDoc {
  _id: Types.ObjectId;
  userId: string;
  nodeKey: string;
  isUnlocked: boolean;
  unlockedAt: Date | null;
  /** The path's completions when the node unlocked. */
  currentCompletions: number;
  pathCompletions: Record<GrowthPath, number>;
  createdAt: Date;
  updatedAt: Date;
  /** The goals.talent_unlocked event, written with the row. */
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

const userTalentProgressSchema = new Schema<UserTalentProgressDoc>(
  {
    userId: { type: String, required: true },
    nodeKey: { type: String, required: true },
    isUnlocked: { type: Boolean, required: true, default: false },
    unlockedAt: { type: Date, default: null },
    currentCompletions: { type: Number, required: true, default: 0 },
    pathCompletions: { type: Schema.Types.Mixed, default: {} },
    ...outboxSchemaFields,
  },
  { collection: 'user_talent_progress', timestamps: true, versionKey: false },
);
userTalentProgressSchema.index({ userId: 1, nodeKey: 1 }, { unique: true });
indexOutbox(userTalentProgressSchema);

/**
 * One row per quest or occurrence a user completed or undid (from quests.* events): whether it counts
 * now, and in which path. Path counts are counted from these, so a repeated or late event never counts
 * twice. `at`/`seq`: the position of the event applied last (shared/event-order.ts).
 */
export interface TalentCompletionDoc {
  _id: string;
  userId: string;
  itemId: string;
  path: GrowthPath | null;
  counted: boolean;
  at: Date;
  seq: number;
}

const talentCompletionSchema = new Schema<TalentCompletionDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    itemId: { type: String, required: true },
    path: { type: String, default: null },
    counted: { type: Boolean, required: true },
    at: { type: Date, required: true },
    seq: { type: Number, required: true },
  },
  { collection: 'talent_completions', versionKey: false },
);
talentCompletionSchema.index({ userId: 1, path: 1, counted: 1 });

export interface TalentModels {
  TalentNode: Model<TalentNodeDoc>;
  UserTalentProgress: Model<UserTalentProgressDoc>;
  TalentCompletion: Model<TalentCompletionDoc>;
}

export const talentModels: (db: Connection) => TalentModels = perConnection((db) => ({
  TalentNode: talentNodeModel(db),
  UserTalentProgress: db.model<UserTalentProgressDoc>(
    'UserTalentProgress',
    userTalentProgressSchema,
  ),
  TalentCompletion: db.model<TalentCompletionDoc>('TalentCompletion', talentCompletionSchema),
}));
