import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ReminderSettings, type UpdateReminderSettingsRequest } from '@levelup/contracts';
import { call, queryKeyOf, readsOf, serverMessageOf } from '@levelup/web-kit';
import { disablePush, enablePush, pushState, type PushState } from './push-subscription.ts';
import { reminderSettingsQuery } from './reminders-api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${pad(hour)}:00` }));
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const time = `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`;
  return { value: time, label: time };
});

const pushText: Record<PushState, string> = {
  unsupported:
    'This browser cannot show notifications from Level Up. Your reminders still appear under Your Reminders.',
  denied:
    'Notifications are blocked for this site in your browser settings. Your reminders still appear under Your Reminders.',
  off: 'Notifications are off on this device. Your reminders appear under Your Reminders.',
  on: 'Notifications are on for this device.',
};

const row = { display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' } as const;

function Toggle(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div style={row}>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}

/**
 * Reminders on the profile: notifications for this device (the browser asks for permission only when
 * "Turn on notifications" is clicked), which kinds of reminder the user wants, a daily plan at an hour,
 * and quiet hours in the profile's time zone.
 */
/** The per-kind switches: which setting each one turns on, and its label. */
const KIND_TOGGLES = [
  { kind: 'quests', id: 'remind-quests', label: 'Scheduled quests, at their time' },
  { kind: 'lifeTasks', id: 'remind-life-tasks', label: 'Life tasks on their due date' },
  { kind: 'sessions', id: 'remind-sessions', label: 'Sessions I said "Remind Me" to' },
] as const;

export function ReminderSettingsCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const settings = useQuery(reminderSettingsQuery);
  const [push, setPush] = useState<PushState | null>(null);
  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => 'unsupported')
      .then((state) => live && setPush(state));
    return () => {
      live = false;
    };
  }, []);

  const device = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: setPush,
  });
  const save = useMutation({
    mutationFn: (change: UpdateReminderSettingsRequest) =>
      call(API.updateReminderSettings, { body: change }),
    onSuccess: (next: ReminderSettings) => {
      queryClient.setQueryData(queryKeyOf(API.getReminderSettings), next);
      void queryClient.invalidateQueries({ predicate: readsOf(API.listReminders) });
    },
  });
  const current =
    save.isPending && save.variables && settings.data
      ? { ...settings.data, ...save.variables }
      : settings.data;
  const busy = !current || save.isPending;

  return (
    <Card
      role="region"
      aria-labelledby="reminder-settings-title"
      title={
        <h2 id="reminder-settings-title" style={{ margin: 0, fontSize: 18 }}>
          Reminders
        </h2>
      }
    >
      <div style={{ display: 'grid', gap: 16 }}>
        <section aria-label="Notifications on this device" style={{ display: 'grid', gap: 8 }}>
          <p style={{ margin: 0 }} role="status">
            {push ? pushText[push] : 'Checking notifications on this device…'}
          </p>
          {(push === 'off' || push === 'on') && (
            <div>
              <Button
                type={push === 'off' ? 'primary' : 'default'}
                icon={<BellOutlined aria-hidden="true" />}
                loading={device.isPending}
                onClick={() => device.mutate(push === 'off')}
              >
                {push === 'off' ? 'Turn on notifications' : 'Turn off notifications'}
              </Button>
            </div>
          )}
          {device.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title="Notifications could not be turned on"
              description={serverMessageOf(
                device.error,
                device.error instanceof Error ? device.error.message : 'Please try again.',
              )}
            />
          )}
        </section>

        {settings.isError && (
          <Alert type="error" showIcon role="alert" title="Reminder settings could not be loaded" />
        )}
        {current && (
          <>
            <section aria-label="What to remind me of" style={{ display: 'grid', gap: 10 }}>
              <h3 style={{ margin: 0, fontSize: 15 }}>Remind me of</h3>
              {KIND_TOGGLES.map(({ kind, id, label }) => (
                <Toggle
                  key={kind}
                  id={id}
                  label={label}
                  checked={current[kind]}
                  disabled={busy}
                  onChange={(on) => save.mutate({ [kind]: on })}
                />
              ))}
              <div style={row}>
                <Toggle
                  id="remind-daily-plan"
                  label="A daily plan at"
                  checked={current.dailyPlan}
                  disabled={busy}
                  onChange={(dailyPlan) => save.mutate({ dailyPlan })}
                />
                <Select
                  aria-label="Daily plan hour"
                  style={{ width: 100 }}
                  options={HOURS}
                  value={current.dailyPlanHour}
                  disabled={busy || !current.dailyPlan}
                  onChange={(dailyPlanHour: number) => save.mutate({ dailyPlanHour })}
                />
              </div>
            </section>

            <section aria-label="Quiet hours" style={{ display: 'grid', gap: 10 }}>
              <h3 style={{ margin: 0, fontSize: 15 }}>Quiet hours</h3>
              <div style={row}>
                <Toggle
                  id="quiet-hours"
                  label="No notifications from"
                  checked={current.quietHours !== null}
                  disabled={busy}
                  onChange={(on) =>
                    save.mutate({ quietHours: on ? { start: '22:00', end: '07:00' } : null })
                  }
                />
                <Select
                  aria-label="Quiet hours start"
                  style={{ width: 100 }}
                  options={HALF_HOURS}
                  value={current.quietHours?.start ?? '22:00'}
                  disabled={busy || !current.quietHours}
                  onChange={(start: string) =>
                    save.mutate({ quietHours: { start, end: current.quietHours?.end ?? '07:00' } })
                  }
                />
                <span>to</span>
                <Select
                  aria-label="Quiet hours end"
                  style={{ width: 100 }}
                  options={HALF_HOURS}
                  value={current.quietHours?.end ?? '07:00'}
                  disabled={busy || !current.quietHours}
                  onChange={(end: string) =>
                    save.mutate({
                      quietHours: { start: current.quietHours?.start ?? '22:00', end },
                    })
                  }
                />
              </div>
              <p style={{ margin: 0, opacity: 0.75 }}>
                Times are in your time zone ({timeZone}). A reminder that comes due in quiet hours
                is not sent as a notification; it still appears in your reminder list.
              </p>
            </section>
            {save.isError && (
              <Alert
                type="error"
                showIcon
                role="alert"
                title="Not saved"
                description={serverMessageOf(save.error, 'Please try again.')}
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
