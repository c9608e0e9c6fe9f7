import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { Link } from 'react-router-dom';
import {
  SESSION_CATEGORY_LABELS,
  isSessionFull,
  type RoomSummary,
  type Session,
} from '@levelup/contracts';
import { roomPath, useSessionAction } from '../hooks/use-sessions.ts';

const startFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'N min left' of a live session (the last minute reads 'under a minute left'). */
export function timeLeftText(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'ending now';
  if (secondsLeft < 60) return 'under a minute left';
  return `${Math.ceil(secondsLeft / 60)} min left`;
}

/** Who is in a live room right now, and the time left. */
function RoomNow({ room }: { room: RoomSummary }) {
  const names = room.present.map((member) => member.displayName);
  return (
    <div
      style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}
    >
      {names.length > 0 ? (
        <>
          <Avatar.Group max={{ count: 4 }} size="small" aria-hidden="true">
            {room.present.map((member) => (
              <Avatar key={member.userId}>{member.initials}</Avatar>
            ))}
          </Avatar.Group>
          <span>In the room: {names.join(', ')}</span>
        </>
      ) : (
        <span>Nobody in the room right now</span>
      )}
      <span aria-hidden="true">·</span>
      <span>{timeLeftText(room.secondsLeft)}</span>
    </div>
  );
}

/** A live or upcoming session (Body-Doubling Sessions). */
export function SessionCard({ session }: { session: Session }) {
  const act = useSessionAction();
  const { token } = theme.useToken();
  const busy = act.isPending && act.variables?.id === session.id;
  const full = isSessionFull(session);
  const run = (action: Parameters<typeof act.mutate>[0]['action']) =>
    act.mutate({ id: session.id, action });
  return (
    <Card size="small" style={{ height: '100%' }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        {session.isActive && <Tag color="red">LIVE</Tag>}
        <Tag>{SESSION_CATEGORY_LABELS[session.category]}</Tag>
      </div>
      <h3 style={{ margin: '8px 0', fontSize: 16 }}>{session.title}</h3>
      {session.description && <p style={{ marginTop: 0 }}>{session.description}</p>}
      <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Avatar size="small" aria-hidden="true">
          {session.hostInitials}
        </Avatar>
        <span>Hosted by {session.host}</span>
      </p>
      <p>
        {session.duration} minutes ·{' '}
        <span
          aria-label={`${session.currentParticipants} of ${session.maxParticipants} participants`}
        >
          {session.currentParticipants}/{session.maxParticipants}
        </span>{' '}
        participants
        {!session.isActive && <> · {startFormat.format(new Date(session.startTime))}</>}
      </p>
      {session.isActive && session.room && <RoomNow room={session.room} />}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {session.joinedByMe && session.isActive && (
          <Link
            to={roomPath(session.id)}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              padding: '4px 15px',
              borderRadius: token.borderRadius,
              background: token.colorPrimary,
              color: '#fff',
              fontWeight: 500,
              textDecoration: 'none',
            }}
          >
            Enter room
          </Link>
        )}
        {session.joinedByMe ? (
          <Button onClick={() => run('leave')} loading={busy}>
            Leave
          </Button>
        ) : session.isActive ? (
          <Button type="primary" disabled={full || busy} onClick={() => run('join')}>
            {full ? 'Full' : 'Join Now'}
          </Button>
        ) : null}
        {!session.isActive &&
          (session.remindedByMe ? (
            <Button onClick={() => run('unremind')} disabled={busy}>
              Reminder set - undo
            </Button>
          ) : (
            <Button onClick={() => run('remind')} disabled={busy}>
              Remind Me
            </Button>
          ))}
        {session.isHost && (
          <Popconfirm
            title="Cancel this session?"
            okText="Cancel session"
            okButtonProps={{ danger: true }}
            cancelText="Keep it"
            onConfirm={() => run('cancel')}
          >
            <Button type="text">Cancel session</Button>
          </Popconfirm>
        )}
      </div>
    </Card>
  );
}
