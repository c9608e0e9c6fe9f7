import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import {
  QUICK_MATCH_DEFAULT_FOCUS_MINUTES,
  QUICK_MATCH_FOCUS_MINUTES,
  quickMatchHint,
  splitSessions,
  type QuickMatchFocusMinutes,
  type Session,
} from '@levelup/contracts';
import { PageHeader } from '@levelup/web-kit';
import { sessionsQueryOptions } from '../api/sessions-api.ts';
import { useQuickMatch } from '../hooks/use-sessions.ts';
import { CreateSessionDialog } from './create-session-dialog.tsx';
import { SessionCard } from './session-card.tsx';
import { StartSessionCard } from './start-session-card.tsx';

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
} as const;

function SessionList({ sessions, empty }: { sessions: Session[]; empty: string }) {
  if (sessions.length === 0) return <p>{empty}</p>;
  return (
    <div style={grid}>
      {sessions.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
    </div>
  );
}

/** Start now: a focus length, and straight into a room with others (or a new one others can join). */
function StartNow() {
  const [minutes, setMinutes] = useState<QuickMatchFocusMinutes>(QUICK_MATCH_DEFAULT_FOCUS_MINUTES);
  const match = useQuickMatch();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <Radio.Group
        aria-label="Focus length"
        optionType="button"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value as QuickMatchFocusMinutes)}
        options={QUICK_MATCH_FOCUS_MINUTES.map((value) => ({ value, label: `${value} min` }))}
      />
      <Button
        type="primary"
        loading={match.isPending}
        aria-describedby="start-now-hint"
        onClick={() => match.mutate(minutes)}
      >
        Start now
      </Button>
      <span id="start-now-hint" style={{ fontSize: 13, flexBasis: '100%' }}>
        {quickMatchHint(minutes)}
      </span>
    </div>
  );
}

/**
 * /sessions (the body-doubling page): live and upcoming sessions from the server; with
 * none at all, a card to start one now.
 */
export function SessionsPage() {
  const sessions = useQuery(sessionsQueryOptions);
  const [creating, setCreating] = useState(false);
  const { live, upcoming } = splitSessions(sessions.data ?? []);
  // With no sessions at all, the page's own card starts one; Start now is for joining others.
  const nothingOn = sessions.isSuccess && live.length === 0 && upcoming.length === 0;
  return (
    <>
      <PageHeader
        title="Body-Doubling Sessions"
        subtitle="Work alongside others for accountability and focus"
        actions={
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
            {sessions.isSuccess && !nothingOn && <StartNow />}
            <Button onClick={() => setCreating(true)}>Create Session</Button>
          </div>
        }
      />
      <CreateSessionDialog open={creating} onClose={() => setCreating(false)} />
      {sessions.isPending ? (
        <p role="status">Loading sessions...</p>
      ) : sessions.isError ? (
        <p role="alert">Failed to load sessions</p>
      ) : (
        <>
          {nothingOn && <StartSessionCard onCustomize={() => setCreating(true)} />}
          <h2 style={{ fontSize: 20 }}>Live Sessions</h2>
          <SessionList sessions={live} empty="No live sessions right now. Start one!" />
          <h2 style={{ fontSize: 20, marginTop: 32 }}>Upcoming Sessions</h2>
          <SessionList sessions={upcoming} empty="No upcoming sessions yet." />
        </>
      )}
    </>
  );
}
