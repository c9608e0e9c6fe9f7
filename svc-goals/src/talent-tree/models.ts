import { Schema, type Connection, type Model, type Types } from 'mongoose';

/** talent_tree_nodes (goals-progression-community.md section 3, Talent node). Seeded with the talent tree issue. */
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
  },
  { collection: 'talent_tree_nodes', versionKey: false },
);

const cache = new WeakMap<Connection, Model<TalentNodeDoc>>();

export function talentNodeModel(db: Connection): Model<TalentNodeDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<TalentNodeDoc>('TalentNode', talentNodeSchema);
    cache.set(db, model);
  }
  return model;
}
