import { MEASURE_PERIOD_LABELS, type MeasurePeriod } from '@levelup/contracts';

/** The "Per" choice of a measurable routine's target (a day, a week), in the contracts' words. */
export const MEASURE_PERIOD_OPTIONS = (Object.keys(MEASURE_PERIOD_LABELS) as MeasurePeriod[]).map(
  (value) => ({ value, label: MEASURE_PERIOD_LABELS[value] }),
);
