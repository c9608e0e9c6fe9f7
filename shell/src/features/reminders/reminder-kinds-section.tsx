import Select from 'antd/es/select';
import { Toggle, row } from './reminder-toggle.tsx';
import type { SettingsControls } from './use-reminder-settings.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${pad(hour)}:00` }));

/** The per-kind switches: which setting each one turns on, and its label. */
const KIND_TOGGLES = [
  { kind: 'quests', id: 'remind-quests', label: 'Scheduled quests, at their time' },
  { kind: 'lifeTasks', id: 'remind-life-tasks', label: 'Life tasks on their due date' },
  { kind: 'sessions', id: 'remind-sessions', label: 'Sessions I said "Remind Me" to' },
] as const;

/** 'Remind me of': a switch per kind of reminder, and the daily plan with its hour. */
export function ReminderKindsSection({ current, busy, change }: SettingsControls) {
  return (
    <section aria-label="What to remind me of" style={{ display: 'grid', gap: 10 }}>
      <h3 style={{ margin: 0, fontSize: 15 }}>Remind me of</h3>
      {KIND_TOGGLES.map(({ kind, id, label }) => (
        <Toggle
          key={kind}
          id={id}
          label={label}
          checked={current[kind]}
          disabled={busy}
          onChange={(on) => change({ [kind]: on })}
        />
      ))}
      <div style={row}>
        <Toggle
          id="remind-daily-plan"
          label="A daily plan at"
          checked={current.dailyPlan}
          disabled={busy}
          onChange={(dailyPlan) => change({ dailyPlan })}
        />
        <Select
          aria-label="Daily plan hour"
          style={{ width: 100 }}
          options={HOURS}
          value={current.dailyPlanHour}
          disabled={busy || !current.dailyPlan}
          onChange={(dailyPlanHour: number) => change({ dailyPlanHour })}
        />
      </div>
    </section>
  );
}
