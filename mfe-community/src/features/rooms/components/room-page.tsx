import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import {
  API,
  SESSION_CATEGORY_LABELS,
  isSessionFull,
  type RoomMember,
  type RoomState,
} from '@levelup/contracts';
import {
  HttpError,
  PageHeader,
  PageSpinner,
  call,
  readsOf,
  serverMessageOf,
  useToast,
} from '@levelup/web-kit';
import { joinSession, muteMember, removeMember, reportMember } from '../api/room-api.ts';
import { useRoom } from '../hooks/use-room.ts';
import { membersInOrder } from '../state/room-reducer.ts';
import { FocusTimer } from './focus-timer.tsx';
import { MemberLine } from './member-line.tsx';
import { MyCheckIn } from './my-check-in.tsx';

const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : null);

function BackLink() {
  return <Link to="/sessions">Back to all sessions</Link>;
}

/** Someone who is not a member of the session: a room is for its members only. */
function NotAMember({ id, onJoined }: { id: string; onJoined: () => void }) {
  const toast = useToast();
  const join = useMutation({
    mutationFn: () => joinSession(id),
    onSuccess: onJoined,
    onError: (error) =>
      toast.error({
        title: 'Could not join the session',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
  return (
    <>
      <PageHeader title="Body-Doubling Room" subtitle="Join the session to enter its room." />
      <Card>
        <p style={{ marginTop: 0 }}>
          This room is for the session&apos;s members. Join it to see who is here and work alongside
          them.
        </p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button type="primary" loading={join.isPending} onClick={() => join.mutate()}>
            Join Now
          </Button>
          <BackLink />
        </div>
      </Card>
    </>
  );
}

function RoomEnded({ reason }: { reason: 'removed' | 'cancelled' | 'left' }) {
  const text = {
    removed: 'The host removed you from this session.',
    cancelled: 'This session was cancelled.',
    left: 'You left this session.',
  }[reason];
  return (
    <>
      <PageHeader title="Body-Doubling Room" />
      <Alert type="info" showIcon role="alert" title={text} />
      <p>
        <BackLink />
      </p>
    </>
  );
}

function Members({ room, onChanged }: { room: RoomState; onChanged: () => void }) {
  const toast = useToast();
  const me = room.members.find((member) => member.isMe);
  const act = useMutation({
    mutationFn: ({
      kind,
      member,
      reason,
    }: {
      kind: 'remove' | 'report' | 'mute';
      member: RoomMember;
      reason?: string;
    }): Promise<unknown> =>
      kind === 'remove'
        ? removeMember(room.sessionId, member.userId)
        : kind === 'report'
          ? reportMember(room.sessionId, member.userId, reason)
          : muteMember(room.sessionId, member.userId),
    onSuccess: (_answer, { kind, member }) => {
      if (kind === 'report')
        toast.success({
          title: 'Report sent',
          description: 'Thank you. A moderator will look at it.',
        });
      if (kind === 'mute')
        toast.success({
          title: `${member.displayName} muted`,
          description: 'Their check-in lines are hidden for you.',
        });
      if (kind === 'remove') toast.success({ title: `${member.displayName} removed` });
      onChanged();
    },
    onError: (error) =>
      toast.error({
        title: 'That did not work',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });
  const members = membersInOrder(room.members);
  const here = members.filter((member) => member.present);
  const away = members.filter((member) => !member.present);
  const line = (member: RoomMember) => (
    <MemberLine
      key={member.userId}
      member={member}
      actions={
        member.isMe
          ? null
          : {
              onMute: (m) => act.mutate({ kind: 'mute', member: m }),
              onReport: (m, reason) => act.mutate({ kind: 'report', member: m, reason }),
              ...(me?.isHost
                ? { onRemove: (m: RoomMember) => act.mutate({ kind: 'remove', member: m }) }
                : {}),
            }
      }
    />
  );
  const list = { listStyle: 'none', padding: 0, margin: 0 } as const;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>In the room ({here.length})</h2>}>
      {here.length === 0 ? (
        <p style={{ margin: 0 }}>Nobody is here right now.</p>
      ) : (
        <ul aria-label="In the room" style={list}>
          {here.map(line)}
        </ul>
      )}
      {away.length > 0 && (
        <>
          <h3 style={{ fontSize: 15, margin: '16px 0 0' }}>Joined, not here right now</h3>
          <ul aria-label="Not here right now" style={list}>
            {away.map(line)}
          </ul>
        </>
      )}
    </Card>
  );
}

/**
 * /sessions/:id: the live body-doubling room. Who is here right now, the shared focus timer, everyone's
 * check-in line, and this member's own check-in and check-out.
 */
export function RoomPage() {
  const { id = '' } = useParams();
  const { room, connection, ended, offsetMs, loadError, resync, reconnect } = useRoom(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const leave = useMutation({
    mutationFn: () => call(API.leaveSession, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: readsOf(API.listSessions) });
      void navigate('/sessions');
    },
    onError: (error) =>
      toast.error({
        title: 'Could not leave the session',
        description: serverMessageOf(error, 'Please try again.'),
      }),
  });

  if (ended && ended !== 'left') return <RoomEnded reason={ended} />;
  if (!room) {
    const status = statusOf(loadError);
    if (status === 403) return <NotAMember id={id} onJoined={() => void reconnect()} />;
    if (status === 404 || status === 400)
      return (
        <>
          <PageHeader title="Session not found" subtitle="It may have been cancelled." />
          <BackLink />
        </>
      );
    if (loadError)
      return (
        <>
          <PageHeader title="Body-Doubling Room" />
          <Alert type="error" showIcon role="alert" title="Failed to load the room" />
          <p style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Button onClick={() => void resync()}>Try Again</Button>
            <BackLink />
          </p>
        </>
      );
    return <PageSpinner />;
  }
  const session = room.session;
  const me = room.members.find((member) => member.isMe);
  return (
    <>
      <PageHeader
        title={session.title}
        subtitle={`${SESSION_CATEGORY_LABELS[session.category]} · Hosted by ${session.host}`}
        actions={
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <span role="status">
              {connection === 'reconnecting' && <Tag color="gold">Reconnecting…</Tag>}
            </span>
            <Popconfirm
              title="Leave this session?"
              okText="Leave"
              cancelText="Stay"
              onConfirm={() => leave.mutate()}
            >
              <Button loading={leave.isPending}>Leave session</Button>
            </Popconfirm>
          </div>
        }
      />
      <p style={{ marginTop: -12 }}>
        <BackLink />
        {isSessionFull(session) && <span> · This session is full.</span>}
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
        <div style={{ flex: '1 1 320px', minWidth: 0, display: 'grid', gap: 24 }}>
          <FocusTimer timer={room.timer} offsetMs={offsetMs} />
          {me && <MyCheckIn sessionId={room.sessionId} me={me} onChanged={() => void resync()} />}
        </div>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Members room={room} onChanged={() => void resync()} />
        </div>
      </div>
    </>
  );
}
