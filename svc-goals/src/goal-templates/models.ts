import { Schema, type Connection, type Model } from 'mongoose';
import { perConnection } from '@levelup/service-kit';
import type { Cadence, GoalTheme } from '@levelup/contracts';

/** goal_templates; the id is the seed's key. */
export interface GoalTemplateDoc {
  _id: string;
  title: string;
  description: string;
  theme: GoalTheme;
  targetXp: number;
  cadence: Cadence;
  icon: string | null;
  color: string;
  tags: string[];
  exampleQuests: string[];
  isActive: boolean;
  /** Position in the seed list, so the tabs read in a stable order. */
  order: number;
}

const goalTemplateSchema = new Schema<GoalTemplateDoc>(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    theme: { type: String, required: true },
    targetXp: { type: Number, required: true },
    cadence: { type: String, required: true },
    icon: { type: String, default: null },
    color: { type: String, required: true, default: 'blue' },
    tags: { type: [String], default: [] },
    exampleQuests: { type: [String], default: [] },
    isActive: { type: Boolean, required: true, default: true },
    order: { type: Number, required: true, default: 0 },
  },
  { collection: 'goal_templates', versionKey: false },
);
goalTemplateSchema.index({ theme: 1, order: 1 });

export const goalTemplateModel: (db: Connection) => Model<GoalTemplateDoc> = perConnection((db) =>
  db.model<GoalTemplateDoc>('GoalTemplate', goalTemplateSchema),
);
