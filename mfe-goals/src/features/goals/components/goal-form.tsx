import { useEffect } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import {
  GOAL_DEFAULTS,
  cadenceSchema,
  createGoalRequestSchema,
  goalColorSchema,
  goalThemeSchema,
  type CreateGoalRequestInput,
  type UpdateGoalRequest,
} from '@levelup/contracts';
import { titleCase } from './goal-visuals.tsx';

/** The form's values: Target XP is typed text, parsed as an integer. */
export interface GoalFormValues {
  title: string;
  description?: string;
  theme: string;
  targetXp: string;
  cadence: string;
  color: string;
}

export const emptyGoalForm: GoalFormValues = {
  title: '',
  description: '',
  theme: GOAL_DEFAULTS.theme,
  targetXp: String(GOAL_DEFAULTS.targetXp),
  cadence: GOAL_DEFAULTS.cadence,
  color: GOAL_DEFAULTS.color,
};

const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: titleCase(value) }));

/** A field's rule from the shared goal-creation shape (errors appear under each field). */
function contractRule(field: keyof typeof createGoalRequestSchema.shape) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const parsed = createGoalRequestSchema.shape[field].safeParse(
        field === 'targetXp' ? parseTargetXp(String(value ?? '')) : value,
      );
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  };
}

/** Target XP is parsed as an integer; left empty, the new-goal default applies. */
function parseTargetXp(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number.parseInt(text, 10);
}

/** The form values as the create and update calls send them. */
export function toGoalRequest(
  values: GoalFormValues,
): CreateGoalRequestInput & UpdateGoalRequest & { title: string } {
  return {
    title: values.title.trim(),
    description: values.description?.trim() ? values.description.trim() : null,
    theme: goalThemeSchema.parse(values.theme),
    targetXp: parseTargetXp(values.targetXp),
    cadence: cadenceSchema.parse(values.cadence),
    color: values.color,
  };
}

/** Title, Description, Theme, Target XP, Cadence and Colour (the shared goal-creation shape). */
export function GoalForm({
  name,
  initialValues,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  extraAction,
}: {
  name: string;
  initialValues: GoalFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: GoalFormValues) => void;
  extraAction?: React.ReactNode;
}) {
  const [form] = Form.useForm<GoalFormValues>();
  useEffect(() => form.setFieldsValue(initialValues), [form, initialValues]);
  const colorOptions = goalColorSchema.options.includes(initialValues.color as never)
    ? goalColorSchema.options
    : [...goalColorSchema.options, initialValues.color];
  return (
    <Form<GoalFormValues>
      form={form}
      layout="vertical"
      name={name}
      requiredMark={false}
      validateTrigger="onSubmit"
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item label="Title" name="title" rules={[contractRule('title')]}>
        <Input placeholder="Read 12 books this year" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={2} />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Form.Item label="Theme" name="theme">
          <Select aria-label="Theme" options={options(goalThemeSchema.options)} />
        </Form.Item>
        <Form.Item label="Target XP" name="targetXp" rules={[contractRule('targetXp')]}>
          <Input inputMode="numeric" placeholder="300" />
        </Form.Item>
        <Form.Item label="Cadence" name="cadence">
          <Select aria-label="Cadence" options={options(cadenceSchema.options)} />
        </Form.Item>
        <Form.Item label="Colour" name="color">
          <Select aria-label="Colour" options={options(colorOptions)} />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {extraAction}
        <Button type="primary" htmlType="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
