import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  MEASURE_MAX,
  MEASURE_RULE_LABELS,
  measureOfDraft,
  measureSchema,
  periodOf,
  type Measure,
  type MeasurePeriod,
  type MeasureRule,
} from '@levelup/contracts';
import { zodRule } from '@levelup/web-kit';
import { MEASURE_PERIOD_OPTIONS } from '../../../lib/measure-period-options.ts';

/** The edit form's view of how a routine is tracked: 'none' for done or not. */
export interface MeasureFormValues {
  measureRule?: MeasureRule | 'none';
  measureTarget?: number | null;
  measureUnit?: string;
  measurePeriod?: MeasurePeriod;
}

const trackOptions = [
  { value: 'none', label: 'Done or not' },
  ...(Object.keys(MEASURE_RULE_LABELS) as MeasureRule[]).map((value) => ({
    value,
    label: `${MEASURE_RULE_LABELS[value]} an amount`,
  })),
];

/** The form's fields of a stored measure. */
export function measureFormValues(measure: Measure | null | undefined): MeasureFormValues {
  return measure
    ? {
        measureRule: measure.rule,
        measureTarget: measure.target,
        measureUnit: measure.unit,
        measurePeriod: periodOf(measure),
      }
    : { measureRule: 'none', measureTarget: null, measureUnit: '', measurePeriod: 'day' };
}

/** The measure the form's fields make (null: done or not), by the wizard's rule (measureOfDraft). */
export function measureOf(values: MeasureFormValues): Measure | null {
  if (!values.measureRule || values.measureRule === 'none') return null;
  return measureSchema.parse(
    measureOfDraft({
      rule: values.measureRule,
      target: values.measureTarget ?? null,
      unit: values.measureUnit ?? '',
      period: values.measurePeriod,
    }),
  );
}

/** A stored measure as the form would send it, so an untouched one compares equal. */
export function comparableMeasure(measure: Measure | null | undefined): Measure | null {
  return measureOf(measureFormValues(measure));
}

/** The target judged with its rule (at most may be 0, at least must be more), as the server does. */
const targetRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = measureSchema.safeParse({
      rule: getFieldValue('measureRule'),
      target: typeof value === 'number' ? value : Number.NaN,
      unit: 'unit',
    });
    const issue = result.success ? null : result.error.issues.find((i) => i.path[0] === 'target');
    if (issue) throw new Error(typeof value === 'number' ? issue.message : 'Enter a target');
  },
});

/** A series' tracking in its edit dialog: done or not, or a target with its unit over a day or a week. */
export function SeriesMeasureFields({ rule }: { rule: MeasureFormValues['measureRule'] }) {
  const measured = rule !== undefined && rule !== 'none';
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr 1fr', gap: 12 }}>
      <Form.Item label="Track" name="measureRule">
        <Select options={trackOptions} aria-label="Track" />
      </Form.Item>
      {measured && (
        <Form.Item
          label="Target"
          name="measureTarget"
          dependencies={['measureRule']}
          rules={[targetRule]}
        >
          <InputNumber min={0} max={MEASURE_MAX} style={{ width: '100%' }} aria-label="Target" />
        </Form.Item>
      )}
      {measured && (
        <Form.Item label="Unit" name="measureUnit" rules={[zodRule(measureSchema.shape.unit)]}>
          <Input maxLength={20} placeholder="pages" aria-label="Unit" />
        </Form.Item>
      )}
      {measured && (
        <Form.Item label="Per" name="measurePeriod">
          <Select options={MEASURE_PERIOD_OPTIONS} aria-label="Per" />
        </Form.Item>
      )}
    </div>
  );
}
