import Select from 'antd/es/select';
import { Toggle, row } from './reminder-toggle.tsx';
import type { SettingsControls } from './use-reminder-settings.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const time = `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`;
  return { value: time, label: time };
});

/** Quiet hours: on or off (22:00 to 07:00 when first turned on), their start and end, in the user's zone. */
export function QuietHoursSection({
  current,
  busy,
  change,
  timeZone,
}: SettingsControls & { timeZone: string }) {
  return (
    <section aria-label="Quiet hours" style={{ display: 'grid', gap: 10 }}>
      <h3 style={{ margin: 0, fontSize: 15 }}>Quiet hours</h3>
      <div style={row}>
        <Toggle
          id="quiet-hours"
          label="No notifications from"
          checked={current.quietHours !== null}
          disabled={busy}
          onChange={(on) => change({ quietHours: on ? { start: '22:00', end: '07:00' } : null })}
        />
        <Select
          aria-label="Quiet hours start"
          style={{ width: 100 }}
          options={HALF_HOURS}
          value={current.quietHours?.start ?? '22:00'}
          disabled={busy || !current.quietHours}
          onChange={(start: string) =>
            change({ quietHours: { start, end: current.quietHours?.end ?? '07:00' } })
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
            change({ quietHours: { start: current.quietHours?.start ?? '22:00', end } })
          }
        />
      </div>
      <p style={{ margin: 0, opacity: 0.75 }}>
        Times are in your time zone ({timeZone}). A reminder that comes due in quiet hours is not
        sent as a notification; it still appears in your reminder list.
      </p>
    </section>
  );
}
