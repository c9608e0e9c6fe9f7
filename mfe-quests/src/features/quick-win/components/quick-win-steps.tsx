import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import {
  BREATHING_DURATION_MS,
  QUICK_WIN_FEEDBACK_LABELS,
  canStartQuickWin,
  nextQuickWinStep,
  type QuickWinDemoStep,
  type QuickWinOutcome,
  type QuickWinTemplate,
} from '@levelup/contracts';

const OUTCOMES: QuickWinOutcome[] = ['not_completed', 'partial', 'completed'];

/** Getting ready: what to do, the note (required except for breathing) and Start. */
export function PrepareStep({
  template,
  context,
  onContext,
  onStart,
}: {
  template: QuickWinTemplate;
  context: string;
  onContext: (context: string) => void;
  onStart: (next: QuickWinDemoStep) => void;
}) {
  const breathing = template.id === 'breathing';
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        {breathing
          ? 'Sit comfortably, relax your shoulders and get ready to breathe slowly with the circle.'
          : `${template.description} Tell us a little about it to begin.`}{' '}
        <Tag color="purple">+{template.xp} XP</Tag>
      </p>
      <label style={{ display: 'grid', gap: 4 }}>
        <span>{breathing ? "What's on your mind? (optional)" : "What's on your mind?"}</span>
        <Input.TextArea rows={2} value={context} onChange={(e) => onContext(e.target.value)} />
      </label>
      <Button
        type="primary"
        disabled={!canStartQuickWin(template.id, context)}
        onClick={() => onStart(breathing ? 'breathing' : nextQuickWinStep('breathing'))}
      >
        {breathing ? 'Start Breathing' : 'Start'}
      </Button>
    </div>
  );
}

/** The guided breath: a countdown circle and 'in' for the first half, 'out' for the second. */
export function BreathingStep({ elapsed }: { elapsed: number }) {
  const seconds = Math.ceil((BREATHING_DURATION_MS - elapsed) / 1000);
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'center' }}>
      <Progress
        type="circle"
        percent={Math.round((elapsed / BREATHING_DURATION_MS) * 100)}
        format={() => `${seconds}s`}
        aria-label="Breathing progress"
      />
      <p aria-live="polite" style={{ margin: 0 }}>
        {elapsed < BREATHING_DURATION_MS / 2 ? 'Breathe in slowly...' : 'And breathe out...'}
      </p>
    </div>
  );
}

/** 'How did it go?': one button per outcome. */
export function FeedbackStep({
  busy,
  onChoose,
}: {
  busy: boolean;
  onChoose: (outcome: QuickWinOutcome) => void;
}) {
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>How did it go?</p>
      <div
        role="group"
        aria-label="How did it go?"
        style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}
      >
        {OUTCOMES.map((o) => (
          <Button key={o} disabled={busy} onClick={() => onChoose(o)}>
            {QUICK_WIN_FEEDBACK_LABELS[o]}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** After a win: whether to make it a daily quest too. */
export function MakeDailyStep({
  busy,
  onAnswer,
}: {
  busy: boolean;
  onAnswer: (daily: boolean) => void;
}) {
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>Nice work! Make it daily?</p>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="primary" loading={busy} onClick={() => onAnswer(true)}>
          Yes, make it daily
        </Button>
        <Button disabled={busy} onClick={() => onAnswer(false)}>
          Not now
        </Button>
      </div>
    </div>
  );
}
