import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import {
  MEASURE_MAX,
  MEASURE_RULE_LABELS,
  NEW_MEASURE_DRAFT,
  measureDraftError,
  measureLabel,
  measureOfDraft,
  measureSchema,
  periodOf,
  type MeasureDraft,
  type MeasurePeriod,
  type MeasureRule,
} from '@levelup/contracts';
import { MEASURE_PERIOD_OPTIONS } from '../../../../../lib/measure-period-options.ts';
import type { StepProps } from '../step-props.ts';

const errorStyle = { color: 'var(--ant-color-error, #d4380d)', fontSize: 13 } as const;
const ruleOptions = (Object.keys(MEASURE_RULE_LABELS) as MeasureRule[]).map((value) => ({
  value,
  label: MEASURE_RULE_LABELS[value],
}));

/** What the preview says about entering amounts: each day's, and for a week that they add up. */
const ENTRY_HINTS: Readonly<Record<MeasurePeriod, string>> = {
  day: 'You enter the amount on the quest each day.',
  week: "You enter each day's amount on the quest; the days from Monday to Sunday add up.",
};

/**
 * How a routine is tracked: done or not, or an amount entered each day with a target over a day or a
 * week ("At least 20 pages a day", "At least 100 km a week"). The amount is entered on the quest's
 * card each day.
 */
export function MeasureFields({ state, dispatch }: StepProps) {
  const draft = state.measure;
  const set = (measure: MeasureDraft | null) => dispatch({ type: 'setMeasure', measure });
  const problem = draft ? measureDraftError(draft) : null;
  // A blank draft waits quietly; its problem is said once something is typed.
  const typed = draft !== null && (draft.target !== null || draft.unit !== '');
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <span id="wizard-track">How do you track it?</span>
      <Radio.Group
        aria-labelledby="wizard-track"
        value={draft ? 'amount' : 'done'}
        onChange={(e) => set(e.target.value === 'amount' ? { ...NEW_MEASURE_DRAFT } : null)}
        options={[
          { value: 'done', label: 'Done or not' },
          { value: 'amount', label: 'An amount' },
        ]}
      />
      {draft && (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8 }}>
            <Select
              aria-label="Target rule"
              value={draft.rule}
              options={ruleOptions}
              onChange={(rule: MeasureRule) => set({ ...draft, rule })}
            />
            <InputNumber
              aria-label="Target amount"
              min={0}
              max={MEASURE_MAX}
              value={draft.target}
              placeholder="20"
              style={{ width: '100%' }}
              onChange={(v) => set({ ...draft, target: typeof v === 'number' ? v : null })}
            />
            <Input
              aria-label="Unit"
              value={draft.unit}
              maxLength={20}
              placeholder="pages"
              onChange={(e) => set({ ...draft, unit: e.target.value })}
            />
            <Select
              aria-label="Per"
              value={periodOf(draft)}
              options={MEASURE_PERIOD_OPTIONS}
              onChange={(period: MeasurePeriod) => set({ ...draft, period })}
            />
          </div>
          {problem ? (
            typed && (
              <span role="alert" style={errorStyle}>
                {problem}
              </span>
            )
          ) : (
            <p style={{ margin: 0, fontSize: 13, opacity: 0.8 }}>
              {measureLabel(measureSchema.parse(measureOfDraft(draft)))}.{' '}
              {ENTRY_HINTS[periodOf(draft)]}
            </p>
          )}
        </>
      )}
    </div>
  );
}
