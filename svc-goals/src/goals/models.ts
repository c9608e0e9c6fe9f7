import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { GoalStatus, GoalTheme } from '@levelup/contracts';

/** goals (goals-progression-community.md section 3, shared data-model tables). Creation comes with the goals issue. */
export interface GoalDoc {
  _id: Types.ObjectId;
  userId: string;
  title: string;
  description: string;
  theme: GoalTheme;
  targetXp: number;
  currentXp: number;
  cadence: string;
  status: GoalStatus;
  icon: string | null;
  color: string;
  isActive: boolean;
  createdAt: Date;
  completedAt: Date | null;
}

const goalSchema = new Schema<GoalDoc>(
  {
    userId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    theme: { type: String, required: true },
    targetXp: { type: Number, required: true },
    currentXp: { type: Number, required: true, default: 0 },
    cadence: { type: String, required: true },
    status: { type: String, required: true, default: 'active' },
    icon: { type: String, default: null },
    color: { type: String, required: true, default: 'blue' },
    isActive: { type: Boolean, default: true },
    completedAt: { type: Date, default: null },
  },
  { collection: 'goals', timestamps: true, versionKey: false },
);
goalSchema.index({ userId: 1, createdAt: 1 });

const cache = new WeakMap<Connection, Model<GoalDoc>>();

export function goalModel(db: Connection): Model<GoalDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<GoalDoc>('Goal', goalSchema);
    cache.set(db, model);
  }
  return model;
}
