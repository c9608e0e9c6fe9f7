import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type {
  ChecklistStep,
  CompletionType,
  GrowthPath,
  QuestCategory,
  QuestDifficulty,
  TimeOfDay,
} from '@levelup/contracts';
import { indexOutbox, outboxSchemaFields, type OutboxEntry } from '@levelup/service-kit';
import { importSourceRefSchema, type ImportSourceRef } from '../series/models.ts';

export interface QuestDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  timeEstimate: string | null;
  dueDate: Date | null;
  scheduledTime: Date | null;
  category: QuestCategory | null;
  isRecurring: boolean;
  isOnboarding: boolean;
  timeOfDay: TimeOfDay;
  isCompleted: boolean;
  completionType: CompletionType;
  completedAt: Date | null;
  /** The completion's calendar date in the user's zone, for streaks and "this week". */
  completedLocalDate: string | null;
  /** XP the current completion awarded; a revoke takes back exactly this. */
  awardedXp: number;
  partialXpEarned: number;
  progressNotes: string | null;
  /** Set by Clear Completed: gone from the dashboard, XP and history untouched. */
  hiddenFromDashboard: boolean;
  /** Bumped by every state change; a toggle only lands on the revision it observed. */
  rev: number;
  streak: number;
  growthPath: GrowthPath | null;
  tags: string[];
  seriesId: string | null;
  /** The steps inside the quest, in order. */
  checklist: ChecklistStep[];
  /** The user's choice: ticking the last step completes the quest. */
  completeWhenChecklistDone: boolean;
  /** Bumped by every change of the checklist: an edit of the list lands only on the one it read. */
  checklistRev: number;
  /** The event of the completion now standing (what Undo takes back); null while not completed. */
  completionEventId: string | null;
  /** The item's latest completion events (at most COMPLETION_EVENTS_KEPT), to find it from one. */
  completionEventIds: string[];
  /** The import that created it (a Habitica todo with a checklist), and the item it came from. */
  importBatchId?: string | null;
  importSource?: ImportSourceRef | null;
  /** Set on delete: gone from every list and call; its completions (and their XP) stay in the history. */
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  outbox: OutboxEntry[];
  outboxLockedUntil: Date | null;
}

/** Read model fed by identity events: the user's IANA zone, so no request waits on svc-identity. */
export interface UserZoneDoc {
  _id: string;
  timeZone: string;
  username: string;
  displayName: string;
}

/** One step with its tick: a quest's, and a routine's day's own copy. */
export const checklistStepSchema = new Schema<ChecklistStep>(
  {
    id: { type: String, required: true },
    text: { type: String, required: true },
    done: { type: Boolean, required: true, default: false },
  },
  { _id: false },
);

const questSchema = new Schema<QuestDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    difficulty: { type: String, required: true },
    xpReward: { type: Number, required: true },
    timeEstimate: { type: String, default: null },
    dueDate: { type: Date, default: null },
    scheduledTime: { type: Date, default: null },
    category: { type: String, default: null },
    isRecurring: { type: Boolean, default: false },
    isOnboarding: { type: Boolean, default: false },
    timeOfDay: { type: String, required: true, default: 'anytime' },
    isCompleted: { type: Boolean, required: true, default: false },
    completionType: { type: String, required: true, default: 'not_completed' },
    completedAt: { type: Date, default: null },
    completedLocalDate: { type: String, default: null },
    awardedXp: { type: Number, required: true, default: 0 },
    partialXpEarned: { type: Number, required: true, default: 0 },
    progressNotes: { type: String, default: null },
    hiddenFromDashboard: { type: Boolean, required: true, default: false },
    rev: { type: Number, required: true, default: 0 },
    streak: { type: Number, required: true, default: 0 },
    growthPath: { type: String, default: null },
    tags: { type: [String], default: [] },
    seriesId: { type: String, default: null },
    checklist: { type: [checklistStepSchema], default: [] },
    completeWhenChecklistDone: { type: Boolean, default: false },
    checklistRev: { type: Number, default: 0 },
    completionEventId: { type: String, default: null },
    completionEventIds: { type: [String], default: [] },
    deletedAt: { type: Date, default: null },
    importBatchId: { type: String, default: null },
    importSource: { type: importSourceRefSchema, default: null },
    ...outboxSchemaFields,
  },
  { collection: 'quests', timestamps: true, versionKey: false },
);
questSchema.index({ userId: 1, createdAt: 1 });
questSchema.index({ userId: 1, isCompleted: 1 });
questSchema.index({ userId: 1, completionEventIds: 1 });
questSchema.index({ userId: 1, 'importSource.app': 1, 'importSource.id': 1 });
indexOutbox(questSchema);

const userZoneSchema = new Schema<UserZoneDoc>(
  {
    _id: { type: String, required: true },
    timeZone: { type: String, required: true },
    username: { type: String, default: '' },
    displayName: { type: String, default: '' },
  },
  { collection: 'user_zones', versionKey: false },
);

export interface QuestsModels {
  Quest: Model<QuestDoc>;
  UserZone: Model<UserZoneDoc>;
}

const cache = new WeakMap<Connection, QuestsModels>();

export function questsModels(db: Connection): QuestsModels {
  let models = cache.get(db);
  if (!models) {
    models = {
      Quest: db.model<QuestDoc>('Quest', questSchema),
      UserZone: db.model<UserZoneDoc>('UserZone', userZoneSchema),
    };
    cache.set(db, models);
  }
  return models;
}

export async function ensureQuestsIndexes(models: QuestsModels): Promise<void> {
  await Promise.all([models.Quest.init(), models.UserZone.init()]);
}
