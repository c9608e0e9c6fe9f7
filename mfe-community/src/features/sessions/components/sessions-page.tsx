import { useState } from 'react';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { PageHeader } from '@levelup/web-kit';
import { categoryLabels, sampleSessions, type SampleSession } from '../api/sample-sessions.ts';

function SessionCard({ session, onJoin }: { session: SampleSession; onJoin?: () => void }) {
  const full = session.currentParticipants >= session.maxParticipants;
  return (
    <Card size="small" title={session.title} extra={<Tag>{categoryLabels[session.category]}</Tag>}>
      {session.isActive && <Tag color="red">LIVE</Tag>}
      <p>{session.description}</p>
      <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Avatar size="small" aria-hidden="true">
          {session.hostInitials}
        </Avatar>{' '}
        {session.host}
      </p>
      <p>
        {session.duration} minutes · {session.currentParticipants}/{session.maxParticipants}{' '}
        participants · {session.startTime}
      </p>
      {session.isActive ? (
        <Button type="primary" disabled={full} onClick={onJoin}>
          Join Now
        </Button>
      ) : (
        <Button onClick={() => console.log('Remind me', session.id)}>Remind Me</Button>
      )}
    </Card>
  );
}

/** /sessions (goals-progression-community.md section 2, Body-Doubling Sessions): local sample data only. */
export function SessionsPage() {
  const [sessions, setSessions] = useState(sampleSessions);
  const join = (id: string) =>
    setSessions((all) =>
      all.map((s) => (s.id === id ? { ...s, currentParticipants: s.currentParticipants + 1 } : s)),
    );
  return (
    <>
      <PageHeader
        title="Body-Doubling Sessions"
        subtitle="Work alongside others for accountability and focus"
        actions={
          <Button type="primary" onClick={() => console.log('Create session')}>
            Create Session
          </Button>
        }
      />
      <h2 style={{ fontSize: 20 }}>Live Sessions</h2>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
        }}
      >
        {sessions
          .filter((s) => s.isActive)
          .map((s) => (
            <SessionCard key={s.id} session={s} onJoin={() => join(s.id)} />
          ))}
      </div>
      <h2 style={{ fontSize: 20 }}>Upcoming Sessions</h2>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
        }}
      >
        {sessions
          .filter((s) => !s.isActive)
          .map((s) => (
            <SessionCard key={s.id} session={s} />
          ))}
      </div>
    </>
  );
}
