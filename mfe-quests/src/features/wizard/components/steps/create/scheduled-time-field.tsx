import { zonedParts } from '@levelup/contracts';
import type { StepProps } from '../step-props.ts';
import { nativeInputStyle } from './native-input-style.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's scheduled time for a one-time quest due today; emptying the input clears it. */
export function ScheduledTimeField({ state, dispatch, now, timeZone }: StepProps) {
  const scheduled = state.scheduledTime
    ? zonedParts(new Date(state.scheduledTime), timeZone)
    : null;
  return (
    <label style={{ display: 'grid', gap: 4 }}>
      <span>Scheduled time (today)</span>
      <input
        type="time"
        value={scheduled ? `${pad(scheduled.hour)}:${pad(scheduled.minute)}` : ''}
        onChange={(e) => {
          const [h, m] = e.target.value.split(':').map(Number);
          if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m))
            dispatch({ type: 'clearScheduledTime' });
          else dispatch({ type: 'setScheduledTime', hour: h, minute: m, now, timeZone });
        }}
        style={nativeInputStyle('4px 8px')}
      />
    </label>
  );
}
