import { useLayoutEffect, useRef, useState } from 'react';
import { CO_FOCUS_BONUS_RULE, levelProgress } from '@levelup/contracts';

const DEMO_QUEST_XP = 40;
/** The level-up demo starts 20 XP short of level 2 (100 XP), so one more quest crosses it. */
const DEMO_START_XP = 80;

/** The prerendered page's copy of the dialog: its own script opens and closes it (landing-prerender.tsx). */
export const PRERENDERED_DEMO_ID = 'how-it-works-prerendered';
/** Marks the buttons that close the dialog, for the prerendered page's script. */
export const DEMO_CLOSE_ATTRIBUTE = 'data-demo-close';

/**
 * 'See How It Works' (Landing page): what the app does in four lines, and two demos a visitor can try
 * with nothing stored: completing a quest (an XP burst) and levelling up. The level maths are the
 * contracts' own, so the demo shows what the app will do.
 *
 * A native dialog with the landing page's own CSS and no component library, so the prerendered landing
 * page carries it too (`prerendered`: its demo buttons wait, disabled, for the app) and opens it at the
 * press, before any of the app's JavaScript has loaded. Once the app's landing page is up it takes the
 * prerendered copy's place (see LandingPage).
 */
export function HowItWorksDialog({
  open,
  onClose,
  prerendered = false,
}: {
  open: boolean;
  onClose: () => void;
  prerendered?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [xp, setXp] = useState(DEMO_START_XP);
  const [completed, setCompleted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const progress = levelProgress(xp);
  const levelledUp = progress.level > levelProgress(DEMO_START_XP).level;

  // Before paint: the dialog is in the top layer in the same frame as the page that opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const complete = () => {
    if (completed) return;
    const next = xp + DEMO_QUEST_XP;
    setCompleted(true);
    setXp(next);
    setAnnouncement(
      levelProgress(next).level > progress.level
        ? `Quest completed: +${DEMO_QUEST_XP} XP. Level Up! You reached level ${levelProgress(next).level}.`
        : `Quest completed: +${DEMO_QUEST_XP} XP.`,
    );
  };
  const reset = () => {
    setXp(DEMO_START_XP);
    setCompleted(false);
    setAnnouncement('');
  };
  const titleId = prerendered ? 'how-it-works-title-prerendered' : 'how-it-works-title';
  const closeProps = prerendered ? { [DEMO_CLOSE_ATTRIBUTE]: '' } : { onClick: onClose };

  return (
    <dialog
      ref={ref}
      id={prerendered ? PRERENDERED_DEMO_ID : undefined}
      aria-labelledby={titleId}
      className="lu-dialog"
      onClose={prerendered ? undefined : onClose}
    >
      <h2 id={titleId} className="lu-dialog-title">
        See How It Works
      </h2>
      <ol style={{ paddingLeft: 20, display: 'grid', gap: 8 }}>
        <li>
          Turn a routine or a to-do into a quest: pick its difficulty, time of day and growth path.
        </li>
        <li>Complete it to earn XP; a partial try still earns half.</li>
        <li>XP fills your level bar; every level needs 100 XP more than the last.</li>
        <li>{CO_FOCUS_BONUS_RULE}</li>
      </ol>
      <section aria-labelledby={`${titleId}-demo`} className="lu-demo">
        <h3 id={`${titleId}-demo`} style={{ marginTop: 0 }}>
          Try it: complete a quest
        </h3>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <span style={{ flex: 1, textDecoration: completed ? 'line-through' : undefined }}>
            Morning stretch · +{DEMO_QUEST_XP} XP
          </span>
          <button
            type="button"
            className="lu-btn lu-btn-primary"
            onClick={complete}
            disabled={prerendered || completed}
          >
            {completed ? 'Completed' : 'Complete quest'}
          </button>
          {completed && (
            <span className="lu-xp-burst" aria-hidden="true">
              +{DEMO_QUEST_XP} XP
            </span>
          )}
        </div>
        <div style={{ marginTop: 12, display: 'grid', gap: 4 }}>
          <strong>Level {progress.level}</strong>
          <progress
            className="lu-demo-progress"
            max={100}
            value={Math.round(progress.percent)}
            aria-label={`Progress to Level ${progress.level + 1}`}
          />
          <span style={{ fontSize: 13 }}>
            {progress.xpIntoLevel} / {progress.xpToNextLevel} XP
          </span>
        </div>
        {levelledUp && (
          <div className="lu-level-up" role="presentation">
            <strong style={{ fontSize: 20 }}>Level Up!</strong>
            <span>
              You reached level {progress.level}. Keep going: the next level needs{' '}
              {progress.xpToNextLevel} XP.
            </span>
          </div>
        )}
        <p aria-live="polite" className="lu-visually-hidden">
          {announcement}
        </p>
        {completed && (
          <button type="button" className="lu-landing-link" onClick={reset}>
            Try again
          </button>
        )}
      </section>
      <div className="lu-dialog-footer">
        <button type="button" className="lu-btn" {...closeProps}>
          Close
        </button>
      </div>
    </dialog>
  );
}
