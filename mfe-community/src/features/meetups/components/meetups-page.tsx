import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { MEETUP_TYPE_LABELS, type Meetup } from '@levelup/contracts';
import { PageHeader } from '@levelup/web-kit';
import { meetupsQueryOptions } from '../api/meetups-api.ts';
import { useIsAdmin, useRsvp } from '../hooks/use-meetups.ts';
import { ScheduleMeetupForm } from './schedule-meetup-form.tsx';

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
} as const;

function MeetupCard({ meetup }: { meetup: Meetup }) {
  const rsvp = useRsvp();
  return (
    <Card size="small" style={{ height: '100%' }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Tag>{MEETUP_TYPE_LABELS[meetup.type]}</Tag>
        <Tag color="blue">{meetup.platform}</Tag>
      </div>
      <h3 style={{ margin: '8px 0', fontSize: 16 }}>{meetup.title}</h3>
      <p style={{ marginTop: 0 }}>
        <strong>{meetup.theme}</strong>
      </p>
      {meetup.description && <p>{meetup.description}</p>}
      <p>
        {meetup.date} · {meetup.time} · {meetup.estimatedAttendees} expected
      </p>
      {meetup.isUpcoming ? (
        meetup.attendingByMe ? (
          <Button disabled>You're going</Button>
        ) : (
          <Button type="primary" loading={rsvp.isPending} onClick={() => rsvp.mutate(meetup.id)}>
            Join Meetup
          </Button>
        )
      ) : meetup.recordingUrl ? (
        <Button href={meetup.recordingUrl} target="_blank" rel="noreferrer">
          View Recording
        </Button>
      ) : (
        <Button disabled>View Recording</Button>
      )}
    </Card>
  );
}

/** /meetups (Weekly Meetups), from the server. */
export function MeetupsPage() {
  const meetups = useQuery(meetupsQueryOptions);
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader title="Weekly Meetups" subtitle="All times in EST" />
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
                <MeetupCard key={m.id} meetup={m} />
              ))}
            </div>
          )}
          <h2 style={{ fontSize: 20, marginTop: 32 }}>Recent Meetups</h2>
          {meetups.data.recent.length === 0 ? (
            <p>No recent meetups.</p>
          ) : (
            <div style={grid}>
              {meetups.data.recent.map((m) => (
                <MeetupCard key={m.id} meetup={m} />
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
