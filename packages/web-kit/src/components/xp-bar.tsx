import Progress from 'antd/es/progress';
import { levelProgress } from '@levelup/contracts';

/**
 * Level and progress inside the level, computed from total XP with the contracts' rule (level n needs
 * n*100 XP to pass), so an optimistic XP change moves the bar and the level together.
 */
export function XpBar({ totalXp, compact = false }: { totalXp: number; compact?: boolean }) {
  const progress = levelProgress(totalXp);
  const label = `Progress to Level ${progress.level + 1}`;
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      {!compact && (
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
          <strong>Level {progress.level}</strong>
          <span>{totalXp} XP total</span>
        </div>
      )}
      <Progress percent={Math.round(progress.percent)} showInfo={false} aria-label={label} />
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          flexWrap: 'wrap',
          fontSize: 13,
        }}
      >
        <span>{label}</span>
        <span>
          {progress.xpIntoLevel} / {progress.xpToNextLevel} XP
        </span>
      </div>
    </div>
  );
}
