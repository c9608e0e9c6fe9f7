import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { PostType, QuestDifficulty } from '@levelup/contracts';

/** posts (goals-progression-community.md section 3). Creation and likes come with the community issue. */
export interface PostDoc {
  _id: Types.ObjectId;
  userId: string;
  content: string;
  type: PostType;
  likes: number;
  createdAt: Date;
}

/** One community achievement (core.md section 3, Community feed item), names copied in when written. */
export interface FeedItemDoc {
  _id: string;
  userId: string;
  questId: string;
  user: { displayName: string; username: string };
  questTitle: string;
  questDifficulty: QuestDifficulty;
  xpEarned: number;
  completedAt: Date;
}

/** Names of members, fed by identity events (a local read model: no call to svc-identity). */
export interface MemberDoc {
  _id: string;
  username: string;
  displayName: string;
}

const postSchema = new Schema<PostDoc>(
  {
    userId: { type: String, required: true },
    content: { type: String, required: true },
    type: { type: String, required: true, default: 'win' },
    likes: { type: Number, required: true, default: 0 },
  },
  { collection: 'posts', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
postSchema.index({ createdAt: -1 });

const feedItemSchema = new Schema<FeedItemDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    questId: { type: String, required: true },
    user: { displayName: { type: String, default: '' }, username: { type: String, default: '' } },
    questTitle: { type: String, required: true },
    questDifficulty: { type: String, required: true },
    xpEarned: { type: Number, required: true },
    completedAt: { type: Date, required: true },
  },
  { collection: 'feed_items', versionKey: false },
);
feedItemSchema.index({ completedAt: -1 });
feedItemSchema.index({ userId: 1, questId: 1 });

const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, default: '' },
    displayName: { type: String, default: '' },
  },
  { collection: 'members', versionKey: false },
);

export interface CommunityModels {
  Post: Model<PostDoc>;
  FeedItem: Model<FeedItemDoc>;
  Member: Model<MemberDoc>;
}

const cache = new WeakMap<Connection, CommunityModels>();

export function communityModels(db: Connection): CommunityModels {
  let models = cache.get(db);
  if (!models) {
    models = {
      Post: db.model<PostDoc>('Post', postSchema),
      FeedItem: db.model<FeedItemDoc>('FeedItem', feedItemSchema),
      Member: db.model<MemberDoc>('Member', memberSchema),
    };
    cache.set(db, models);
  }
  return models;
}
