import { useEffect, useRef, useState } from 'react';
import { detectLevelUp } from '@levelup/contracts';

/**
 * Opens the celebration when the level rises above the level seen before (contracts' detectLevelUp). The
 * first level seen is the baseline, so a page load never celebrates; an Undo that takes the level back
 * below the celebrated one closes it (each level is celebrated once a page).
 */
export function useLevelUp(totalXp: number | undefined) {
  const seen = useRef<number | undefined>(undefined);
  const [celebrating, setCelebrating] = useState<{ level: number; previousXp: number } | null>(
    null,
  );
  useEffect(() => {
    if (totalXp === undefined) return;
    const result = detectLevelUp(seen.current, totalXp);
    if (result.leveledUp) setCelebrating({ level: result.newLevel, previousXp: result.previousXp });
    else setCelebrating((open) => (open && result.newLevel < open.level ? null : open));
    seen.current = Math.max(result.newLevel, seen.current ?? result.newLevel);
  }, [totalXp]);
  return { celebrating, dismiss: () => setCelebrating(null) };
}
