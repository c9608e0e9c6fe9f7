import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import {
  QUICK_MATCH_DEFAULT_FOCUS_MINUTES,
  QUICK_MATCH_FOCUS_MINUTES,
  ROOM_BREAK_MINUTES,
  type QuickMatchFocusMinutes,
} from '@levelup/contracts';
import { useQuickMatch } from '../hooks/use-sessions.ts';

/**
 * The sessions page with nothing on: 'Start a session' opens a session that starts now (the chosen
 * focus length, then the break) and leads straight into its room, where others who start or join one
 * find you.
 */
export function StartSessionCard({ onCustomize }: { onCustomize: () => void }) {
  const [minutes, setMinutes] = useState<QuickMatchFocusMinutes>(QUICK_MATCH_DEFAULT_FOCUS_MINUTES);
  const match = useQuickMatch();
  return (
    <Card style={{ textAlign: 'center', marginBottom: 24 }}>
      <h2 style={{ fontSize: 20, marginTop: 0 }}>No sessions yet</h2>
      <p>
        Start one now and others can join you. Pick how long to focus; a {ROOM_BREAK_MINUTES}-minute
        break follows.
      </p>
      <div
        style={{
          display: 'flex',
          gap: 12,
          flexWrap: 'wrap',
          justifyContent: 'center',
          alignItems: 'center',
        }}
      >
        <Radio.Group
          aria-label="Focus length"
          optionType="button"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value as QuickMatchFocusMinutes)}
          options={QUICK_MATCH_FOCUS_MINUTES.map((value) => ({ value, label: `${value} min` }))}
        />
        <Button type="primary" loading={match.isPending} onClick={() => match.mutate(minutes)}>
          Start a session
        </Button>
        <Button onClick={onCustomize}>Plan one for later</Button>
      </div>
    </Card>
  );
}
