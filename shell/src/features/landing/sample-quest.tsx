import { useEffect, useState } from 'react';
import { SAMPLE_QUEST_ROTATION_MS, SAMPLE_QUESTS } from './landing-content.ts';

function prefersReducedMotion(): boolean {
  // Also rendered at build time (app/landing-prerender.tsx), where there is no window.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The rotating sample quest. It pauses on request (WCAG 2.2.2: moving content that lasts more than five
 * seconds can be paused) and does not start moving for someone who asked for reduced motion.
 */
export function SampleQuest() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % SAMPLE_QUESTS.length),
      SAMPLE_QUEST_ROTATION_MS,
    );
    return () => clearInterval(timer);
  }, [paused]);
  const quest = SAMPLE_QUESTS[index] ?? SAMPLE_QUESTS[0];
  return (
    <section aria-labelledby="sample-quest-title" className="lu-landing-card">
      <h2 id="sample-quest-title" style={{ fontSize: 18, marginTop: 0 }}>
        A quest you could take on today
      </h2>
      <div style={{ display: 'grid', gap: 4 }}>
        <strong style={{ fontSize: 20 }}>{quest.title}</strong>
        <span>
          {quest.difficulty} · +{quest.xp} XP · {quest.path}
        </span>
      </div>
      <button
        type="button"
        className="lu-landing-link"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
      >
        {paused ? 'Play examples' : 'Pause examples'}
      </button>
    </section>
  );
}
