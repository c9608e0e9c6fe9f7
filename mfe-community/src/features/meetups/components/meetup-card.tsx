import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { MEETUP_TYPE_LABELS, meetupTimeLabel, type Meetup } from '@levelup/contracts';
import { useCancelRsvp, useRsvp } from '../hooks/use-meetups.ts';
import { MeetupLinkEditor } from './meetup-link-editor.tsx';

/** When it starts, in the viewer's zone with the organiser's beside it (server text if no instant). */
function MeetupTime({ meetup, viewerZone }: { meetup: Meetup; viewerZone: string }) {
  if (!meetup.startsAt) return <>{`${meetup.date} · ${meetup.time}`}</>;
  const label = meetupTimeLabel(new Date(meetup.startsAt), viewerZone, meetup.timeZone);
  return <time dateTime={meetup.startsAt}>{label.text}</time>;
}

/** Join Meetup, or for those going: the meeting link and Can't make it. */
function UpcomingActions({ meetup }: { meetup: Meetup }) {
  const rsvp = useRsvp();
  const cancel = useCancelRsvp();
  if (!meetup.attendingByMe) {
    return (
      <>
        <Button type="primary" loading={rsvp.isPending} onClick={() => rsvp.mutate(meetup.id)}>
          Join Meetup
        </Button>
        {meetup.hasJoinUrl && (
          <span style={{ color: 'var(--ant-color-text-secondary)' }}>
            Join the meetup to see its link
          </span>
        )}
      </>
    );
  }
  return (
    <>
      <Button disabled>You're going</Button>
      {meetup.joinUrl && (
        <Button type="primary" href={meetup.joinUrl} target="_blank" rel="noopener noreferrer">
          Open meeting link
        </Button>
      )}
      <Button
        loading={cancel.isPending}
        onClick={() => cancel.mutate(meetup.id)}
        aria-label={`Can't make it to ${meetup.title}`}
      >
        Can't make it
      </Button>
    </>
  );
}

export function MeetupCard(props: { meetup: Meetup; viewerZone: string; isAdmin: boolean }) {
  const { meetup, viewerZone, isAdmin } = props;
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
        <MeetupTime meetup={meetup} viewerZone={viewerZone} /> · {meetup.estimatedAttendees}{' '}
        expected
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        {meetup.isUpcoming ? (
          <UpcomingActions meetup={meetup} />
        ) : meetup.recordingUrl ? (
          <Button href={meetup.recordingUrl} target="_blank" rel="noopener noreferrer">
            View Recording
          </Button>
        ) : (
          <Button disabled>View Recording</Button>
        )}
      </div>
      {isAdmin && meetup.isUpcoming && (
        <div style={{ marginTop: 12 }}>
          <MeetupLinkEditor meetup={meetup} />
        </div>
      )}
    </Card>
  );
}
