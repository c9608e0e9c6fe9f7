import { useEffect, useRef, useState } from 'react';

/**
 * Opens the celebration when the level rises above the level seen before (core.md section 4, Level-up).
 * The first level seen is the baseline, so a page load never celebrates.
 */
export function useLevelUp(level: number | undefined) {
  const seen = useRef<number | undefined>(undefined);
  const [celebrating, setCelebrating] = useState<number | null>(null);
  useEffect(() => {
    if (level === undefined) return;
    if (seen.current !== undefined && level > seen.current) setCelebrating(level);
    seen.current = Math.max(level, seen.current ?? level);
  }, [level]);
  return { celebratingLevel: celebrating, dismiss: () => setCelebrating(null) };
}
