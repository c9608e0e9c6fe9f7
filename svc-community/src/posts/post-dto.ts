import type { Comment, Post, PostReport } from '@levelup/contracts';
import type { CommentDoc, PostDoc, ReportDoc } from '../models.ts';

const iso = (date: Date | string) => new Date(date).toISOString();

/** A post as the community screen reads it, for `readerId`. */
export function toPost(
  doc: PostDoc,
  authorName: string,
  reader: { userId: string; liked: boolean; reported?: boolean },
): Post {
  return {
    id: doc._id.toString(),
    content: doc.content,
    type: doc.type,
    likes: Math.max(0, doc.likes),
    createdAt: iso(doc.createdAt),
    author: { displayName: authorName },
    likedByMe: reader.liked,
    commentCount: Math.max(0, doc.commentCount ?? 0),
    isMine: doc.userId === reader.userId,
    reportedByMe: reader.reported ?? false,
  };
}

export function toComment(doc: CommentDoc, authorName: string, readerId: string): Comment {
  return {
    id: doc._id.toString(),
    postId: doc.postId,
    content: doc.content,
    createdAt: iso(doc.createdAt),
    author: { displayName: authorName },
    isMine: doc.userId === readerId,
  };
}

export function toReport(doc: ReportDoc, reporterName: string): PostReport {
  return {
    id: doc._id,
    postId: doc.postId,
    postContent: doc.postContent,
    reason: doc.reason,
    reportedBy: { displayName: reporterName },
    createdAt: iso(doc.createdAt),
  };
}
