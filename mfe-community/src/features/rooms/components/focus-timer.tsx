import { useEffect, useState } from 'react';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import type { RoomTimer } from '@levelup/contracts';
import { useServerNow } from '../hooks/use-room.ts';
import {
  PHASE_LABELS,
  formatClock,
  phaseAnnouncement,
  readTimer,
  type TimerReading,
} from '../timer/focus-timer.ts';
import { visuallyHidden } from './visually-hidden.ts';

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** How far into the current phase, in percent (the bar fills as the phase runs out). */
function phasePercent(timer: RoomTimer, reading: TimerReading): number {
  const start = Date.parse(timer.startsAt);
  const breakAt = Date.parse(timer.breakAt);
  const end = Date.parse(timer.endsAt);
  const length =
    reading.phase === 'focus' ? breakAt - start : reading.phase === 'break' ? end - breakAt : 0;
  if (reading.phase === 'over') return 100;
  if (length <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((length - reading.msLeft) / length) * 100)));
}

/**
 * The shared focus timer: the same on every member's screen (computed from the session's instants and
 * the server's clock). The countdown is a timer region screen readers read when asked; a separate live
 * region speaks only when the phase changes.
 */
export function FocusTimer({ timer, offsetMs }: { timer: RoomTimer; offsetMs: number }) {
  const now = useServerNow(offsetMs);
  const reading = readTimer(timer, now);
  const [announcement, setAnnouncement] = useState('');
  const phase = reading.phase;
  useEffect(() => {
    setAnnouncement(phaseAnnouncement(readTimer(timer, Date.now() + offsetMs)));
    // Only a new phase is announced; the seconds ticking by are not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the phase alone decides when to speak
  }, [phase]);
  const clock = formatClock(reading.msLeft);
  const rhythm =
    timer.breakMinutes > 0
      ? `${timer.focusMinutes} min focus, then a ${timer.breakMinutes} min break`
      : `${timer.focusMinutes} min focus`;
  return (
    <Card>
      <section aria-labelledby="focus-timer-title" style={{ textAlign: 'center' }}>
        <h2 id="focus-timer-title" style={{ margin: 0, fontSize: 18 }}>
          {PHASE_LABELS[phase]}
        </h2>
        <div
          role="timer"
          aria-label={`${PHASE_LABELS[phase]}: ${clock} left`}
          data-testid="room-timer"
          style={{
            fontSize: 56,
            fontWeight: 700,
            lineHeight: 1.1,
            fontVariantNumeric: 'tabular-nums',
            margin: '8px 0',
          }}
        >
          {phase === 'over' ? '00:00' : clock}
        </div>
        <Progress
          percent={phasePercent(timer, reading)}
          showInfo={false}
          status={phase === 'break' ? 'success' : 'normal'}
          aria-hidden="true"
        />
        <p style={{ margin: '8px 0 0' }}>
          {rhythm} · ends at {clockTime.format(new Date(timer.endsAt))}
        </p>
        <p role="status" style={visuallyHidden}>
          {announcement}
        </p>
      </section>
    </Card>
  );
}
