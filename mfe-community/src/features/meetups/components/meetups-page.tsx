import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { PageHeader } from '@levelup/web-kit';

/** Meetups are hard-coded sample data (goals-progression-community.md section 3, Meetup). */
const meetups = [
  {
    id: 'm1',
    title: 'Weekly Check-in',
    theme: 'Wins and next steps',
    description: 'Share a win and set one goal for the week.',
    date: 'Monday',
    time: '7:00 PM',
    platform: 'Discord',
    estimatedAttendees: 24,
    type: 'Check-in',
    isUpcoming: true,
  },
  {
    id: 'm2',
    title: 'Routine Building Workshop',
    theme: 'Small habits',
    description: 'Design a morning routine that sticks.',
    date: 'Thursday',
    time: '6:30 PM',
    platform: 'Zoom',
    estimatedAttendees: 18,
    type: 'Workshop',
    isUpcoming: true,
  },
  {
    id: 'm3',
    title: 'Game Night Social',
    theme: 'Unwind together',
    description: 'Relaxed games and chat.',
    date: 'Last Saturday',
    time: '8:00 PM',
    platform: 'Discord',
    estimatedAttendees: 30,
    type: 'Social',
    isUpcoming: false,
  },
];

/** /meetups (goals-progression-community.md section 2, Weekly Meetups); buttons only log, as specified. */
export function MeetupsPage() {
  const card = (m: (typeof meetups)[number]) => (
    <Card
      key={m.id}
      size="small"
      title={m.title}
      extra={
        <>
          <Tag>{m.type}</Tag>
          <Tag color="blue">{m.platform}</Tag>
        </>
      }
    >
      <p style={{ marginTop: 0 }}>
        <strong>{m.theme}</strong>
      </p>
      <p>{m.description}</p>
      <p>
        {m.date} · {m.time} · {m.estimatedAttendees} expected
      </p>
      {m.isUpcoming ? (
        <Button type="primary" onClick={() => console.log('Join meetup', m.id)}>
          Join Meetup
        </Button>
      ) : (
        <Button onClick={() => console.log('View recording', m.id)}>View Recording</Button>
      )}
    </Card>
  );
  return (
    <>
      <PageHeader title="Weekly Meetups" subtitle="All times in EST" />
      <h2 style={{ fontSize: 20 }}>Upcoming Meetups</h2>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
        }}
      >
        {meetups.filter((m) => m.isUpcoming).map(card)}
      </div>
      <h2 style={{ fontSize: 20 }}>Recent Meetups</h2>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
        }}
      >
        {meetups.filter((m) => !m.isUpcoming).map(card)}
      </div>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 18 }}>Meeting Guidelines</h2>}
        style={{ marginTop: 24 }}
      >
        <h3 style={{ fontSize: 16 }}>What to Expect</h3>
        <ul>
          <li>Structured but relaxed</li>
          <li>Breakout rooms</li>
          <li>Camera and mic optional</li>
          <li>Effort over perfection</li>
        </ul>
        <h3 style={{ fontSize: 16 }}>Community Values</h3>
        <ul>
          <li>No medical advice</li>
          <li>Celebrate all wins</li>
          <li>Respect neurodivergent experiences</li>
          <li>A safe space for vulnerability</li>
        </ul>
      </Card>
    </>
  );
}
