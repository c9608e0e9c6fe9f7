import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import { serverMessageOf } from '@levelup/web-kit';
import { DeviceNotificationsSection } from './device-notifications-section.tsx';
import { QuietHoursSection } from './quiet-hours-section.tsx';
import { ReminderKindsSection } from './reminder-kinds-section.tsx';
import { useReminderSettings } from './use-reminder-settings.ts';

/**
 * Reminders on the profile: notifications for this device (the browser asks for permission only when
 * "Turn on notifications" is clicked), which kinds of reminder the user wants, a daily plan at an hour,
 * and quiet hours in the profile's time zone.
 */
export function ReminderSettingsCard({ timeZone }: { timeZone: string }) {
  const { settings, save, current, busy } = useReminderSettings();

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
        <DeviceNotificationsSection />

        {settings.isError && (
          <Alert type="error" showIcon role="alert" title="Reminder settings could not be loaded" />
        )}
        {current && (
          <>
            <ReminderKindsSection current={current} busy={busy} change={save.mutate} />
            <QuietHoursSection
              current={current}
              busy={busy}
              change={save.mutate}
              timeZone={timeZone}
            />
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
