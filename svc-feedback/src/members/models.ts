import { Schema, type Connection, type Model } from 'mongoose';
import { perConnection } from '@levelup/service-kit';

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

export const memberModel: (db: Connection) => Model<MemberDoc> = perConnection((db) =>
  db.model<MemberDoc>('Member', memberSchema),
);
