import { BACKFILL_RULE } from '@levelup/contracts';

/** The rule line under every list of days to fill in: which days can still be filled in. */
export function BackfillRule() {
  return <p style={{ margin: '8px 0 0', fontSize: 13, opacity: 0.85 }}>{BACKFILL_RULE}</p>;
}
