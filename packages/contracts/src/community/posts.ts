import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import { limitQuerySchema } from '../common/pagination.ts';
import { questDifficultySchema } from '../quests/enums.ts';
import { postTypeSchema } from './enums.ts';

// Posts, community feed items and post submission.

/** A post needs non-blank text. Type defaults to win. */
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
  /** The true number of comments on the post. */
  commentCount: z.number().int().min(0).optional(),
  /** The reader wrote it: Delete is offered, Report and Mute are not. */
  isMine: z.boolean().optional(),
  /** The reader already reported it: Report says so instead of asking again. */
  reportedByMe: z.boolean().optional(),
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

/** The Share button: disabled while the text is blank or a post is being sent. */
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
  /** HIDDEN_QUEST_TITLE when its member shares completions with titles hidden (titleHidden true). */
  questTitle: z.string(),
  titleHidden: z.boolean().optional(),
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

// Comments, delete, report, mute.

/** POST /api/posts/{id}/comments: non-blank text, as for posts. */
export const createCommentRequestSchema = z.object({
  content: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(1000, 'Comment must be 1000 characters or less'),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  createdAt: isoDateTimeSchema,
  author: z.object({ displayName: z.string().nullable() }),
  isMine: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListResponseSchema = z.array(commentSchema);

/** Why a post is reported: one of these, chosen in the Report dialog (Other asks for words). */
export const REPORT_REASONS = ['Spam', 'Harassment or hate', 'Unsafe or harmful advice'] as const;
export const REPORT_REASON_OTHER = 'Other';
export const REPORT_REASON_REQUIRED = 'Please choose or describe a reason';
export const ALREADY_REPORTED_MESSAGE = 'You already reported this post';

/**
 * POST /api/posts/{id}/report: a reason (required, at most 500 characters); stored once per member and
 * post for the admins: a second report of the same post is 409 ALREADY_REPORTED_MESSAGE.
 */
export const reportPostRequestSchema = z.object({
  reason: z
    .string({ error: REPORT_REASON_REQUIRED })
    .trim()
    .min(1, REPORT_REASON_REQUIRED)
    .max(500, 'Reason must be 500 characters or less'),
});
export type ReportPostRequest = z.infer<typeof reportPostRequestSchema>;

export const postReportSchema = z.object({
  id: z.string(),
  postId: z.string(),
  postContent: z.string().nullable(),
  reason: z.string().nullable(),
  reportedBy: z.object({ displayName: z.string().nullable() }),
  createdAt: isoDateTimeSchema,
});
export type PostReport = z.infer<typeof postReportSchema>;
export const postReportListResponseSchema = z.array(postReportSchema);

/** A member the reader muted (their posts and achievements leave the reader's feed). */
export const mutedMemberSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
});
export type MutedMember = z.infer<typeof mutedMemberSchema>;
export const mutedMemberListResponseSchema = z.array(mutedMemberSchema);
