import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import {
  BREATHING_DURATION_MS,
  nextQuickWinStep,
  type QuickWinDemoStep,
  type QuickWinOutcome,
  type QuickWinTemplate,
} from '@levelup/contracts';
import { useSendQuickWin } from './use-send-quick-win.ts';

/** While on the breathing step: the elapsed time every 250 ms, and the next step after 7 s. */
function useBreathingCountdown(
  step: QuickWinDemoStep,
  setStep: Dispatch<SetStateAction<QuickWinDemoStep>>,
  setElapsed: Dispatch<SetStateAction<number>>,
) {
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
  }, [step, setStep, setElapsed]);
}

/**
 * The quick win's flow: the chosen template, the demo step (moved on by the contracts'
 * nextQuickWinStep), the outcome, the note, the breathing time and whether it is being sent.
 * Closing, and a sent quick win, start it over.
 */
export function useQuickWin(onClose: () => void) {
  const sendQuickWin = useSendQuickWin();
  const [template, setTemplate] = useState<QuickWinTemplate | null>(null);
  const [step, setStep] = useState<QuickWinDemoStep>('prepare');
  const [outcome, setOutcome] = useState<QuickWinOutcome | null>(null);
  const [context, setContext] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const [busy, setBusy] = useState(false);
  useBreathingCountdown(step, setStep, setElapsed);

  const close = () => {
    onClose();
    setTemplate(null);
    setStep('prepare');
    setOutcome(null);
    setContext('');
    setElapsed(0);
    setBusy(false);
  };

  const finish = async (chosen: QuickWinOutcome, daily: boolean) => {
    if (!template) return;
    setBusy(true);
    if (await sendQuickWin(template, context, chosen, daily)) close();
    else setBusy(false);
  };

  const chooseOutcome = (chosen: QuickWinOutcome) => {
    setOutcome(chosen);
    const next = nextQuickWinStep('feedback', chosen);
    if (next === 'done') void finish(chosen, false);
    else setStep(next);
  };

  return {
    template,
    setTemplate,
    step,
    setStep,
    context,
    setContext,
    elapsed,
    busy,
    close,
    chooseOutcome,
    makeDaily: (daily: boolean) => outcome && void finish(outcome, daily),
  };
}
