import { Schema, type Connection, type Model } from 'mongoose';

/** Members' names, fed by identity events (a local read model: no call to svc-identity). */
export interface MemberDoc {
  _id: string;
  username: string;
  displayName: string;
}

const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, default: '' },
    displayName: { type: String, default: '' },
  },
  { collection: 'members', versionKey: false },
);

const cache = new WeakMap<Connection, Model<MemberDoc>>();

export function memberModel(db: Connection): Model<MemberDoc> {
  let model = cache.get(db);
  if (!model) {
    model = db.model<MemberDoc>('Member', memberSchema);
    cache.set(db, model);
  }
  return model;
}
