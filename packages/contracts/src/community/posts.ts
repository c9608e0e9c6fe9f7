import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import { limitQuerySchema } from '../common/pagination.ts';
import { questDifficultySchema } from '../quests/enums.ts';
import { postTypeSchema, sessionCategorySchema } from './enums.ts';

// core.md sections 3 (Post, Community feed item), 4 (Post submission), 5 and 7.

/** A post needs non-blank text (core.md section 5; no message given, this one is ours). Type defaults to win. */
export const createPostRequestSchema = z.object({
  content: z
    .string({ error: 'Post content is required' })
    .trim()
    .min(1, 'Post content is required')
    .max(2000, 'Post must be 2000 characters or less'),
  type: postTypeSchema.default('win'),
});
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

export const postSchema = z.object({
  id: z.string(),
  content: z.string(),
  type: postTypeSchema,
  likes: z.number().int().min(0),
  createdAt: isoDateTimeSchema,
  author: z.object({ displayName: z.string().nullable() }),
  /** Whether the reader has liked it (likes are one per user here). */
  likedByMe: z.boolean().optional(),
});
export type Post = z.infer<typeof postSchema>;
export const postListResponseSchema = z.array(postSchema);
export type PostListResponse = z.infer<typeof postListResponseSchema>;

/** POST /api/posts/{id}/like answers the post. */
export const likePostResponseSchema = postSchema;

export const POST_TYPE_LABELS = {
  win: 'Win',
  struggle: 'Support Needed',
  support: 'Support',
} as const;

/** The Share button: disabled while the text is blank or a post is being sent (core.md section 4). */
export function canSharePost(content: string, isSending: boolean): boolean {
  return !isSending && content.trim().length > 0;
}

/** GET /api/community/feed?limit (default 10). */
export const FEED_DEFAULT_LIMIT = 10;
export const communityFeedQuerySchema = z.object({
  limit: limitQuerySchema(FEED_DEFAULT_LIMIT, 50),
});
export type CommunityFeedQuery = z.infer<typeof communityFeedQuerySchema>;

export const communityFeedItemSchema = z.object({
  id: z.string(),
  user: z.object({ displayName: z.string().nullable(), username: z.string().nullable() }),
  questTitle: z.string(),
  questDifficulty: questDifficultySchema,
  xpEarned: z.number().int(),
  completedAt: isoDateTimeSchema.nullable(),
});
export type CommunityFeedItem = z.infer<typeof communityFeedItemSchema>;
export const communityFeedResponseSchema = z.array(communityFeedItemSchema);
export type CommunityFeedResponse = z.infer<typeof communityFeedResponseSchema>;

/** The name a feed item shows: display name, else username, else 'Anonymous User'. */
export function feedDisplayName(
  user: { displayName?: string | null; username?: string | null } | null | undefined,
): string {
  return user?.displayName?.trim() || user?.username?.trim() || 'Anonymous User';
}

// Body-doubling sessions and meetups (goals-progression-community.md sections 3 and 5).

export const SESSION_CATEGORY_LABELS = {
  focus: 'Deep Focus',
  organizing: 'Organizing',
  creative: 'Creative Work',
  study: 'Study Session',
} as const;

export const createSessionRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  description: z.string().trim().max(1000).nullable().optional(),
  startTime: z.string().trim().min(1, 'Start time is required'),
  duration: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  maxParticipants: z.number().int().min(1).max(100),
  category: sessionCategorySchema,
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  host: z.string(),
  hostInitials: z.string(),
  startTime: z.string(),
  duration: z.number().int().min(1),
  maxParticipants: z.number().int().min(1),
  currentParticipants: z.number().int().min(0),
  category: sessionCategorySchema,
  isActive: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Join Now is disabled when the session is full. */
export function isSessionFull(session: {
  currentParticipants: number;
  maxParticipants: number;
}): boolean {
  return session.currentParticipants >= session.maxParticipants;
}

export const meetupTypeSchema = z.enum(['check-in', 'workshop', 'social']);
export type MeetupType = z.infer<typeof meetupTypeSchema>;
export const MEETUP_TYPE_LABELS = {
  'check-in': 'Check-in',
  workshop: 'Workshop',
  social: 'Social',
} as const;
export const meetupPlatformSchema = z.enum(['Discord', 'Zoom']);

export const meetupSchema = z.object({
  id: z.string(),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  platform: meetupPlatformSchema,
  estimatedAttendees: z.number().int().min(0),
  type: meetupTypeSchema,
  isUpcoming: z.boolean(),
});
export type Meetup = z.infer<typeof meetupSchema>;
