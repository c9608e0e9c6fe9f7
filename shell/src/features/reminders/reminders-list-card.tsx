import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Reminder, ReminderKind } from '@levelup/contracts';
import { remindersQuery } from './reminders-api.ts';

const kindLabels: Record<ReminderKind, string> = {
  quest: 'Quest',
  occurrence: 'Recurring quest',
  life_task: 'Life task',
  session: 'Session',
  daily_plan: 'Daily plan',
};

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

function ReminderRow({ reminder, timeZone }: { reminder: Reminder; timeZone: string }) {
  return (
    <li
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        flexWrap: 'wrap',
        padding: '8px 0',
        borderBottom: '1px solid var(--levelup-border, rgba(128, 128, 128, 0.2))',
      }}
    >
      <Tag>{kindLabels[reminder.kind]}</Tag>
      {/* The text colour of the theme, underlined: the accent colour is too faint on the dark card. */}
      <Link
        to={reminder.url}
        style={{
          fontWeight: 600,
          flex: '1 1 160px',
          color: 'inherit',
          textDecoration: 'underline',
          textUnderlineOffset: 3,
        }}
      >
        {reminder.title}
      </Link>
      <span style={{ opacity: 0.75 }}>
        <time dateTime={reminder.dueAt}>{when(reminder.dueAt, timeZone)}</time>
        {reminder.status === 'quiet' && ' · quiet hours, not sent'}
      </span>
    </li>
  );
}

function Section(props: { title: string; reminders: Reminder[]; timeZone: string; empty: string }) {
  return (
    <section aria-label={props.title}>
      <h3 style={{ margin: '0 0 4px', fontSize: 15 }}>{props.title}</h3>
      {props.reminders.length === 0 ? (
        <p style={{ margin: 0, opacity: 0.75 }}>{props.empty}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.reminders.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} timeZone={props.timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The in-app reminder list: the same reminders the notifications bring, for everyone, including people
 * who do not allow notifications. Recent ones (the last two days) and those still to come.
 */
export function RemindersListCard({ timeZone }: { timeZone: string }) {
  const reminders = useQuery(remindersQuery);
  return (
    <Card
      role="region"
      aria-labelledby="reminders-list-title"
      title={
        <h2 id="reminders-list-title" style={{ margin: 0, fontSize: 18 }}>
          Your Reminders
        </h2>
      }
    >
      {reminders.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {reminders.isError && (
        <Alert type="error" showIcon role="alert" title="Reminders could not be loaded" />
      )}
      {reminders.data && (
        <div style={{ display: 'grid', gap: 16 }}>
          <Section
            title="Recent"
            reminders={reminders.data.recent}
            timeZone={timeZone}
            empty="Nothing in the last two days."
          />
          <Section
            title="Upcoming"
            reminders={reminders.data.upcoming}
            timeZone={timeZone}
            empty={
              'Nothing coming up. Give a quest a scheduled time, or say "Remind Me" to a session.'
            }
          />
        </div>
      )}
    </Card>
  );
}
