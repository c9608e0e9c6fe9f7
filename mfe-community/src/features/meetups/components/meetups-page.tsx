import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import { PageHeader } from '@levelup/web-kit';
import { meetupsQueryOptions } from '../api/meetups-api.ts';
import { useIsAdmin, useViewerTimeZone } from '../hooks/use-meetups.ts';
import { MeetupCard } from './meetup-card.tsx';
import { ScheduleMeetupForm } from './schedule-meetup-form.tsx';

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
} as const;

/** /meetups (Weekly Meetups), from the server. */
export function MeetupsPage() {
  const meetups = useQuery(meetupsQueryOptions);
  const isAdmin = useIsAdmin();
  const viewerZone = useViewerTimeZone();
  return (
    <>
      <PageHeader
        title="Weekly Meetups"
        subtitle={`Times in your time zone (${viewerZone}), the organiser's beside them`}
      />
      {isAdmin && <ScheduleMeetupForm />}
      {meetups.isPending ? (
        <p role="status">Loading meetups...</p>
      ) : meetups.isError ? (
        <p role="alert">Failed to load meetups</p>
      ) : (
        <>
          <h2 style={{ fontSize: 20 }}>Upcoming Meetups</h2>
          {meetups.data.upcoming.length === 0 ? (
            <p>No meetups scheduled yet. Check back soon!</p>
          ) : (
            <div style={grid}>
              {meetups.data.upcoming.map((m) => (
                <MeetupCard key={m.id} meetup={m} viewerZone={viewerZone} isAdmin={isAdmin} />
              ))}
            </div>
          )}
          <h2 style={{ fontSize: 20, marginTop: 32 }}>Recent Meetups</h2>
          {meetups.data.recent.length === 0 ? (
            <p>No recent meetups.</p>
          ) : (
            <div style={grid}>
              {meetups.data.recent.map((m) => (
                <MeetupCard key={m.id} meetup={m} viewerZone={viewerZone} isAdmin={isAdmin} />
              ))}
            </div>
          )}
        </>
      )}
      <Card
        title={<h2 style={{ margin: 0, fontSize: 18 }}>Meeting Guidelines</h2>}
        style={{ marginTop: 32 }}
      >
        <div style={grid}>
          <section>
            <h3 style={{ fontSize: 16 }}>What to Expect</h3>
            <ul>
              <li>Structured but relaxed</li>
              <li>Breakout rooms</li>
              <li>Camera and mic optional</li>
              <li>Effort over perfection</li>
            </ul>
          </section>
          <section>
            <h3 style={{ fontSize: 16 }}>Community Values</h3>
            <ul>
              <li>No medical advice</li>
              <li>Celebrate all wins</li>
              <li>Respect neurodivergent experiences</li>
              <li>A safe space for vulnerability</li>
            </ul>
          </section>
        </div>
      </Card>
    </>
  );
}
