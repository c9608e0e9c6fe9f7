import { useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import { CO_FOCUS_BONUS_RULE, levelProgress } from '@levelup/contracts';

const DEMO_QUEST_XP = 40;
/** The level-up demo starts 20 XP short of level 2 (100 XP), so one more quest crosses it. */
const DEMO_START_XP = 80;

/**
 * 'See How It Works' (Landing page): two demos a visitor can
 * try with nothing stored: completing a quest (an XP burst) and levelling up. The level maths are the
 * contracts' own, so the demo shows what the app will do.
 */
export default function HowItWorksModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [xp, setXp] = useState(DEMO_START_XP);
  const [completed, setCompleted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const progress = levelProgress(xp);
  const levelledUp = progress.level > levelProgress(DEMO_START_XP).level;

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

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="See How It Works"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <ol style={{ paddingLeft: 20, display: 'grid', gap: 8 }}>
        <li>
          Turn a routine or a to-do into a quest: pick its difficulty, time of day and growth path.
        </li>
        <li>Complete it to earn XP; a partial try still earns half.</li>
        <li>XP fills your level bar; every level needs 100 XP more than the last.</li>
        <li>{CO_FOCUS_BONUS_RULE}</li>
      </ol>
      <section aria-labelledby="demo-title" className="lu-demo">
        <h3 id="demo-title" style={{ marginTop: 0 }}>
          Try it: complete a quest
        </h3>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <span style={{ flex: 1, textDecoration: completed ? 'line-through' : undefined }}>
            Morning stretch · +{DEMO_QUEST_XP} XP
          </span>
          <Button type="primary" onClick={complete} disabled={completed}>
            {completed ? 'Completed' : 'Complete quest'}
          </Button>
          {completed && (
            <span className="lu-xp-burst" aria-hidden="true">
              +{DEMO_QUEST_XP} XP
            </span>
          )}
        </div>
        <div style={{ marginTop: 12 }}>
          <strong>Level {progress.level}</strong>
          <Progress
            percent={Math.round(progress.percent)}
            showInfo={false}
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
          <Button type="link" onClick={reset} style={{ paddingLeft: 0 }}>
            Try again
          </Button>
        )}
      </section>
    </Modal>
  );
}
