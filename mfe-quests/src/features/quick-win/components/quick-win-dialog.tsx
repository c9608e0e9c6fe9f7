import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import {
  BREATHING_DURATION_MS,
  QUICK_WIN_FEEDBACK_LABELS,
  QUICK_WIN_TEMPLATES,
  canStartQuickWin,
  levelProgress,
  nextQuickWinStep,
  quickWinTier,
  shouldCompleteQuickWin,
  type QuickWinDemoStep,
  type QuickWinOutcome,
  type QuickWinTemplate,
} from '@levelup/contracts';
import { useProfile, useToast } from '@levelup/web-kit';
import { QUEST_READS, refresh } from '../../../lib/query-keys.ts';
import { useXpChange } from '../../../lib/use-xp-change.ts';
import { createDailyQuickWin, createQuickWinQuest, finishQuickWin } from '../api/quick-win-api.ts';

const OUTCOMES: QuickWinOutcome[] = ['not_completed', 'partial', 'completed'];

/**
 * Quick Win: a selector of the three templates, then a detail
 * with the guided breathing demo (prepare, 7 s breathing, feedback, make-it-daily prompt); the quest is
 * then created and, if partial or full, completed. Tier by level from the contracts.
 */
export default function QuickWinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: profile } = useProfile();
  const toast = useToast();
  const queryClient = useQueryClient();
  const applyXp = useXpChange();
  const [template, setTemplate] = useState<QuickWinTemplate | null>(null);
  const [step, setStep] = useState<QuickWinDemoStep>('prepare');
  const [outcome, setOutcome] = useState<QuickWinOutcome | null>(null);
  const [context, setContext] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const [busy, setBusy] = useState(false);
  const tier = quickWinTier(levelProgress(profile?.xp ?? 0).level);

  const reset = () => {
    setTemplate(null);
    setStep('prepare');
    setOutcome(null);
    setContext('');
    setElapsed(0);
    setBusy(false);
  };
  const close = () => {
    onClose();
    reset();
  };

  // The breathing step moves on by itself after 7 s.
  useEffect(() => {
    if (step !== 'breathing') return;
    const started = Date.now();
    const tick = setInterval(
      () => setElapsed(Math.min(BREATHING_DURATION_MS, Date.now() - started)),
      250,
    );
    const done = setTimeout(() => setStep(nextQuickWinStep('breathing')), BREATHING_DURATION_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [step]);

  const finish = async (chosen: QuickWinOutcome, daily: boolean) => {
    if (!template) return;
    setBusy(true);
    let questId: string;
    try {
      questId = (await createQuickWinQuest(template, context)).id;
      if (daily) await createDailyQuickWin(template, context);
    } catch {
      toast.error({ title: 'Failed to create quest', description: 'Please try again.' });
      setBusy(false);
      return;
    }
    try {
      if (shouldCompleteQuickWin(chosen)) {
        const result = await finishQuickWin(questId, chosen === 'partial');
        applyXp(result.xpDelta);
        toast.success({
          title: 'Quest Completed!',
          description: `You earned ${result.xpDelta} XP!`,
          duration: 3,
        });
      } else {
        toast.success({
          title: 'No worries!',
          description: "Tomorrow's a fresh start. You've got this!",
          duration: 3,
        });
      }
    } catch {
      toast.error({ title: 'Oops!', description: "Something went wrong. Let's try again!" });
    }
    void refresh(queryClient, [...QUEST_READS]);
    close();
  };

  const chooseOutcome = (chosen: QuickWinOutcome) => {
    setOutcome(chosen);
    const next = nextQuickWinStep('feedback', chosen);
    if (next === 'done') void finish(chosen, false);
    else setStep(next);
  };

  const breathing = template?.id === 'breathing';
  let content;
  if (!template) {
    content = (
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>
          Small wins count. Your tier: <Tag color="purple">{tier.name}</Tag>
          <span style={{ fontSize: 13, opacity: 0.8 }}>({tier.rarity} rewards)</span>
        </p>
        <div role="group" aria-label="Quick wins" style={{ display: 'grid', gap: 8 }}>
          {QUICK_WIN_TEMPLATES.map((t) => (
            <Button
              key={t.id}
              block
              size="large"
              style={{ height: 'auto', padding: '10px 16px', textAlign: 'left' }}
              onClick={() => setTemplate(t)}
            >
              <span style={{ display: 'grid' }}>
                <strong>{t.title}</strong>
                <span style={{ fontSize: 12, opacity: 0.8 }}>
                  {t.description} +{t.xp} XP · {t.time}
                </span>
              </span>
            </Button>
          ))}
        </div>
      </div>
    );
  } else if (step === 'prepare') {
    content = (
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>
          {breathing
            ? 'Sit comfortably, relax your shoulders and get ready to breathe slowly with the circle.'
            : `${template.description} Tell us a little about it to begin.`}{' '}
          <Tag color="purple">+{template.xp} XP</Tag>
        </p>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>{breathing ? "What's on your mind? (optional)" : "What's on your mind?"}</span>
          <Input.TextArea rows={2} value={context} onChange={(e) => setContext(e.target.value)} />
        </label>
        <Button
          type="primary"
          disabled={!canStartQuickWin(template.id, context)}
          onClick={() => setStep(breathing ? 'breathing' : nextQuickWinStep('breathing'))}
        >
          {breathing ? 'Start Breathing' : 'Start'}
        </Button>
      </div>
    );
  } else if (step === 'breathing') {
    const seconds = Math.ceil((BREATHING_DURATION_MS - elapsed) / 1000);
    content = (
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
  } else if (step === 'feedback') {
    content = (
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>How did it go?</p>
        <div
          role="group"
          aria-label="How did it go?"
          style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}
        >
          {OUTCOMES.map((o) => (
            <Button key={o} disabled={busy} onClick={() => chooseOutcome(o)}>
              {QUICK_WIN_FEEDBACK_LABELS[o]}
            </Button>
          ))}
        </div>
      </div>
    );
  } else {
    content = (
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>Nice work! Make it daily?</p>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button
            type="primary"
            loading={busy}
            onClick={() => outcome && void finish(outcome, true)}
          >
            Yes, make it daily
          </Button>
          <Button disabled={busy} onClick={() => outcome && void finish(outcome, false)}>
            Not now
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Modal
      open={open}
      title={template ? template.title : 'Quick Win'}
      onCancel={close}
      footer={
        template && step === 'prepare' ? (
          <Button onClick={() => setTemplate(null)}>Back</Button>
        ) : null
      }
      destroyOnHidden
    >
      {content}
    </Modal>
  );
}
