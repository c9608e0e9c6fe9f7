import { useState } from 'react';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import HeartFilled from '@ant-design/icons/es/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/es/icons/HeartOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import { POST_TYPE_LABELS, initials, relativeTime, type Post } from '@levelup/contracts';
import { usePostActions } from '../hooks/use-post-actions.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { ReportPostDialog } from './report-post-dialog.tsx';

// Preset colours whose light-theme text the shared antd theme darkens to AA contrast (web-kit antd-theme).
const typeColours = { win: 'green', struggle: 'gold', support: 'blue' } as const;

/** One post: author, label, relative time, text, likes, comments; Delete for its author, Report, Mute for others. */
export function PostCard({ post, now }: { post: Post; now: Date }) {
  const { like, remove, report, alreadyReported, mute } = usePostActions();
  const [showComments, setShowComments] = useState(false);
  const [reporting, setReporting] = useState(false);
  const author = post.author.displayName || 'Anonymous User';
  const comments = post.commentCount ?? 0;
  return (
    <Card size="small">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar aria-hidden="true">{initials(author)}</Avatar>
        <strong>{author}</strong>
        <Tag color={typeColours[post.type]}>{POST_TYPE_LABELS[post.type]}</Tag>
        <span style={{ opacity: 0.8, fontSize: 12 }}>{relativeTime(post.createdAt, now)}</span>
      </div>
      <p style={{ whiteSpace: 'pre-wrap', margin: '12px 0' }}>{post.content}</p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          type="text"
          aria-pressed={post.likedByMe ?? false}
          title={post.likedByMe ? 'Unlike' : 'Like'}
          icon={
            post.likedByMe ? (
              <HeartFilled aria-hidden="true" style={{ color: '#cf1322' }} />
            ) : (
              <HeartOutlined aria-hidden="true" />
            )
          }
          onClick={() => like.mutate(post.id)}
          disabled={like.isPending && like.variables === post.id}
        >
          {post.likes} {post.likes === 1 ? 'like' : 'likes'}
        </Button>
        <Button
          type="text"
          icon={<MessageOutlined aria-hidden="true" />}
          aria-expanded={showComments}
          onClick={() => setShowComments((open) => !open)}
        >
          {comments} {comments === 1 ? 'comment' : 'comments'}
        </Button>
        {post.isMine ? (
          <Popconfirm
            title="Delete this post?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(post.id)}
          >
            <Button type="text">Delete</Button>
          </Popconfirm>
        ) : (
          <>
            <Button
              type="text"
              onClick={() => (post.reportedByMe ? alreadyReported() : setReporting(true))}
            >
              {post.reportedByMe ? 'Reported' : 'Report'}
            </Button>
            <ReportPostDialog
              author={author}
              open={reporting}
              sending={report.isPending}
              onCancel={() => setReporting(false)}
              onReport={(reason) =>
                report.mutate({ id: post.id, reason }, { onSettled: () => setReporting(false) })
              }
            />
            <Popconfirm
              title={`Mute ${author}?`}
              description="Their posts and achievements leave your feed."
              okText="Mute"
              onConfirm={() => mute.mutate(post.id)}
            >
              <Button type="text">Mute {author}</Button>
            </Popconfirm>
          </>
        )}
      </div>
      {showComments && <CommentsPanel postId={post.id} />}
    </Card>
  );
}
