import { Schema, type Connection, type Model, type Types } from 'mongoose';
import {
  SHARE_COMPLETIONS_CHOICES,
  type PostType,
  type QuestDifficulty,
  type ShareCompletions,
} from '@levelup/contracts';
import { meetupSchema, type MeetupDoc } from './meetups/models.ts';
import {
  coFocusAwardSchema,
  presenceSchema,
  roomCounterSchema,
  roomEventSchema,
  roomMemberSchema,
  roomReportSchema,
  type CoFocusAwardDoc,
  type PresenceDoc,
  type RoomCounterDoc,
  type RoomEventDoc,
  type RoomMemberDoc,
  type RoomReportDoc,
} from './rooms/models.ts';
import { sessionSchema, type SessionDoc } from './sessions/models.ts';

/**
 * posts. `likes` and `commentCount` move with their rows
 * (post_likes, post_comments) in the same call, one $inc per row written or removed.
 */
export interface PostDoc {
  _id: Types.ObjectId;
  userId: string;
  content: string;
  type: PostType;
  likes: number;
  commentCount: number;
  createdAt: Date;
}

/** One like: the id is `postId:userId`, so a member's like exists at most once. */
export interface PostLikeDoc {
  _id: string;
  postId: string;
  userId: string;
  createdAt: Date;
}

export interface CommentDoc {
  _id: Types.ObjectId;
  postId: string;
  userId: string;
  content: string;
  createdAt: Date;
}

/** A report for the admins; the id is `postId:userId` (one report per member and post). */
export interface ReportDoc {
  _id: string;
  postId: string;
  userId: string;
  reason: string | null;
  /** The post as it read when reported (it may be deleted later). */
  postContent: string;
  postAuthorId: string;
  createdAt: Date;
}

/** `userId` muted `mutedUserId`; the id is `userId:mutedUserId`. */
export interface MuteDoc {
  _id: string;
  userId: string;
  mutedUserId: string;
  createdAt: Date;
}

/**
 * The achievements feed: one document per member and quest (or occurrence), key `${userId}:${questId}`,
 * with the time of its latest completion and of its latest revoke. It is in the feed while the completion
 * is the later of the two. Each event is one conditional write and no read: an older event than the one
 * the document holds matches nothing (its upsert meets the key and is dropped). Names are joined from
 * `members` when the feed is read, so a rename reaches every item at once.
 */
export interface FeedEntryDoc {
  _id: string;
  userId: string;
  questId: string;
  /** The completion event shown (the feed item's id); null while only a revoke is known. */
  eventId: string | null;
  questTitle: string | null;
  questDifficulty: QuestDifficulty | null;
  xpEarned: number | null;
  completedAt: Date | null;
  revokedAt: Date | null;
}

/** The feed's documents before one per member and quest; read once at start-up to move them over. */
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

/**
 * The latest revoke of a member's quest (key `${userId}:${questId}`): a completion older than it that arrives
 * after it (JetStream delivers an unacknowledged event again after a crash) is not written to the feed.
 */
export interface FeedRevocationDoc {
  _id: string;
  revokedAt: Date;
}

/** Names of members, fed by identity events (a local read model: no call to svc-identity). */
export interface MemberDoc {
  _id: string;
  username: string;
  displayName: string;
  /** What the community sees of their completions; absent until they choose (the default applies). */
  shareCompletions?: ShareCompletions | null;
}

const postSchema = new Schema<PostDoc>(
  {
    userId: { type: String, required: true },
    content: { type: String, required: true },
    type: { type: String, required: true, default: 'win' },
    likes: { type: Number, required: true, default: 0 },
    commentCount: { type: Number, required: true, default: 0 },
  },
  { collection: 'posts', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
postSchema.index({ createdAt: -1 });

const postLikeSchema = new Schema<PostLikeDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'post_likes', versionKey: false },
);
postLikeSchema.index({ postId: 1 });
postLikeSchema.index({ userId: 1, postId: 1 });

const commentSchema = new Schema<CommentDoc>(
  {
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    content: { type: String, required: true },
  },
  {
    collection: 'post_comments',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);
commentSchema.index({ postId: 1, createdAt: 1 });

const reportSchema = new Schema<ReportDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    reason: { type: String, default: null },
    postContent: { type: String, required: true },
    postAuthorId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'post_reports', versionKey: false },
);
reportSchema.index({ createdAt: -1 });

const muteSchema = new Schema<MuteDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    mutedUserId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'mutes', versionKey: false },
);
muteSchema.index({ userId: 1 });

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

const feedEntrySchema = new Schema<FeedEntryDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    questId: { type: String, required: true },
    eventId: { type: String, default: null },
    questTitle: { type: String, default: null },
    questDifficulty: { type: String, default: null },
    xpEarned: { type: Number, default: null },
    completedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { collection: 'feed_entries', versionKey: false },
);
feedEntrySchema.index({ completedAt: -1 });
feedEntrySchema.index({ userId: 1 });

const feedRevocationSchema = new Schema<FeedRevocationDoc>(
  {
    _id: { type: String, required: true },
    revokedAt: { type: Date, required: true },
  },
  { collection: 'feed_revocations', versionKey: false },
);

const memberSchema = new Schema<MemberDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, default: '' },
    displayName: { type: String, default: '' },
    shareCompletions: { type: String, enum: [...SHARE_COMPLETIONS_CHOICES, null], default: null },
  },
  { collection: 'members', versionKey: false },
);
// The feed leaves out the members who share nothing: found by this index.
memberSchema.index({ shareCompletions: 1 });

export interface CommunityModels {
  Post: Model<PostDoc>;
  PostLike: Model<PostLikeDoc>;
  Comment: Model<CommentDoc>;
  Report: Model<ReportDoc>;
  Mute: Model<MuteDoc>;
  Session: Model<SessionDoc>;
  Meetup: Model<MeetupDoc>;
  FeedEntry: Model<FeedEntryDoc>;
  FeedItem: Model<FeedItemDoc>;
  FeedRevocation: Model<FeedRevocationDoc>;
  Member: Model<MemberDoc>;
  RoomMember: Model<RoomMemberDoc>;
  Presence: Model<PresenceDoc>;
  RoomEvent: Model<RoomEventDoc>;
  RoomCounter: Model<RoomCounterDoc>;
  CoFocusAward: Model<CoFocusAwardDoc>;
  RoomReport: Model<RoomReportDoc>;
}

const cache = new WeakMap<Connection, CommunityModels>();

export function communityModels(db: Connection): CommunityModels {
  let models = cache.get(db);
  if (!models) {
    models = {
      Post: db.model<PostDoc>('Post', postSchema),
      PostLike: db.model<PostLikeDoc>('PostLike', postLikeSchema),
      Comment: db.model<CommentDoc>('Comment', commentSchema),
      Report: db.model<ReportDoc>('Report', reportSchema),
      Mute: db.model<MuteDoc>('Mute', muteSchema),
      Session: db.model<SessionDoc>('Session', sessionSchema),
      Meetup: db.model<MeetupDoc>('Meetup', meetupSchema),
      FeedEntry: db.model<FeedEntryDoc>('FeedEntry', feedEntrySchema),
      FeedItem: db.model<FeedItemDoc>('FeedItem', feedItemSchema),
      FeedRevocation: db.model<FeedRevocationDoc>('FeedRevocation', feedRevocationSchema),
      Member: db.model<MemberDoc>('Member', memberSchema),
      RoomMember: db.model<RoomMemberDoc>('RoomMember', roomMemberSchema),
      Presence: db.model<PresenceDoc>('Presence', presenceSchema),
      RoomEvent: db.model<RoomEventDoc>('RoomEvent', roomEventSchema),
      RoomCounter: db.model<RoomCounterDoc>('RoomCounter', roomCounterSchema),
      CoFocusAward: db.model<CoFocusAwardDoc>('CoFocusAward', coFocusAwardSchema),
      RoomReport: db.model<RoomReportDoc>('RoomReport', roomReportSchema),
    };
    cache.set(db, models);
  }
  return models;
}
