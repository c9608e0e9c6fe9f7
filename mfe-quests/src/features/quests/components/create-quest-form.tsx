import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  QUEST_CATEGORIES,
  QUEST_CATEGORY_LABELS,
  createQuestFieldsSchema,
  createQuestRequestSchema,
  defaultXpForDifficulty,
  clockLabel,
  endOfLocalDay,
  localDate,
  plannerBlockForHour,
  scheduleTimeChoices,
  zonedParts,
  zonedTimeToInstant,
  type Cadence,
  type MonthlyBy,
  type Quest,
  type QuestCategory,
  type QuestDifficulty,
  type Series,
  type TimeOfDay,
  type UpdateQuestRequestInput,
  type UpdateSeriesRequestInput,
} from '@levelup/contracts';
import { quotaMessageOr, useToast, zodRule } from '@levelup/web-kit';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { useCreateQuest } from '../hooks/use-create-quest.ts';
import { useQuestEditing } from '../hooks/use-quest-editing.ts';
import { ChecklistFields, type ChecklistFormStep } from './checklist-editor.tsx';
import {
  SeriesMeasureFields,
  comparableMeasure,
  measureFormValues,
  measureOf,
  type MeasureFormValues,
} from './series-measure-fields.tsx';
import { TagsField } from '../../../lib/tags-field.tsx';

interface FormValues extends MeasureFormValues {
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  timeOfDay: TimeOfDay;
  category?: QuestCategory | null;
  tags?: string[];
  dueDate?: string;
  /** The scheduled time today, in minutes after midnight (the time picker's choices). */
  scheduledAt?: number;
  recurrenceType?: Cadence;
  recurrenceInterval?: number;
  weeklyPattern?: number[];
  monthlyBy?: MonthlyBy;
  checklist?: ChecklistFormStep[];
  completeWhenChecklistDone?: boolean;
}

/** A form step as the request sends it: a kept step with its id, a new one without. */
const stepInput = (step: ChecklistFormStep) =>
  step.id ? { id: step.id, text: step.text } : { text: step.text };

/** What the form edits: a one-time quest or a recurring series (the create form, filled in). */
export type QuestFormEditing = { kind: 'quest'; quest: Quest } | { kind: 'series'; series: Series };

const categoryOptions = QUEST_CATEGORIES.map((value) => ({
  value,
  label: QUEST_CATEGORY_LABELS[value],
}));
const cadenceOptions = [
  { value: 'daily', label: 'Days' },
  { value: 'weekly', label: 'Weeks' },
  { value: 'monthly', label: 'Months' },
];
const WEEKDAY_OPTIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((label, value) => ({
  label,
  value,
}));
const monthlyByOptions = [
  { value: 'day_of_month', label: 'On the same date' },
  { value: 'weekday', label: 'On the same weekday (e.g. 2nd Tuesday)' },
];

/** Only the fields whose value differs from what is stored (an edit sends what changed). */
function changedFields<T extends object>(next: T, stored: Record<string, unknown>): Partial<T> {
  return Object.fromEntries(
    Object.entries(next).filter(
      ([key, value]) =>
        value !== undefined && JSON.stringify(value) !== JSON.stringify(stored[key] ?? null),
    ),
  ) as Partial<T>;
}

const difficultyOptions = [
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
];
const timeOfDayOptions = [
  { value: 'anytime', label: 'Anytime' },
  { value: 'morning', label: 'Morning' },
  { value: 'afternoon', label: 'Afternoon' },
  { value: 'evening', label: 'Evening' },
];
/** The time picker's options: quarter hours of the time of day's block (contracts' scheduleTimeChoices). */
const timeOptions = (timeOfDay: TimeOfDay, current?: number) =>
  scheduleTimeChoices(timeOfDay, current).map((minutes) => ({
    value: minutes,
    label: clockLabel(Math.floor(minutes / 60), minutes % 60),
  }));

/** A form time (minutes of the day) on `day` in the user's zone, or null without one. */
function scheduledTimeOf(values: FormValues, day: string, timeZone: string): string | null {
  return values.timeOfDay !== 'anytime' &&
    values.scheduledAt !== undefined &&
    values.scheduledAt !== null
    ? zonedTimeToInstant(
        day,
        { hour: Math.floor(values.scheduledAt / 60), minute: values.scheduledAt % 60 },
        timeZone,
      ).toISOString()
    : null;
}

/** The create request the form's values make. */
function createRequestOf(values: FormValues, timeZone: string, today: string) {
  const withTime = values.timeOfDay !== 'anytime' && values.scheduledAt !== undefined;
  return createQuestRequestSchema.parse({
    title: values.title,
    description: values.description,
    difficulty: values.difficulty,
    xpReward: values.xpReward,
    timeOfDay: values.timeOfDay,
    category: values.category ?? null,
    tags: values.tags ?? [],
    // A due date is the end of that local day.
    dueDate: values.dueDate ? endOfLocalDay(values.dueDate, timeZone).toISOString() : null,
    scheduledTime: withTime ? scheduledTimeOf(values, today, timeZone) : null,
    checklist: (values.checklist ?? []).map(stepInput),
    completeWhenChecklistDone: values.completeWhenChecklistDone ?? false,
  });
}

/** The form's steps as an edit sends them, when they differ from the stored ones (else null). */
function changedSteps(values: FormValues, stored: readonly ChecklistFormStep[]) {
  const steps = (values.checklist ?? []).map(stepInput);
  return JSON.stringify(steps) === JSON.stringify(stored.map(stepInput)) ? null : steps;
}

/** What an edit of a series changes (null: nothing), a weekly pattern always with its cadence. */
function seriesChangesOf(
  values: FormValues,
  series: Extract<QuestFormEditing, { kind: 'series' }>['series'],
): UpdateSeriesRequestInput | null {
  const next: UpdateSeriesRequestInput = {
    title: values.title,
    description: values.description,
    difficulty: values.difficulty,
    xpReward: values.xpReward,
    timeOfDay: values.timeOfDay,
    category: values.category ?? null,
    recurrenceType: values.recurrenceType,
    recurrenceInterval: values.recurrenceInterval,
    weeklyPattern:
      values.recurrenceType === 'weekly'
        ? [...(values.weeklyPattern ?? [])].sort((a, b) => a - b)
        : null,
    monthlyBy: values.monthlyBy,
    measure: measureOf(values),
    tags: values.tags ?? [],
    completeWhenChecklistDone: values.completeWhenChecklistDone ?? false,
  };
  const changes = changedFields(next, { ...series, measure: comparableMeasure(series.measure) });
  const steps = changedSteps(values, series.checklist);
  if (steps) changes.checklist = steps;
  if (Object.keys(changes).length === 0) return null;
  // A weekly pattern travels with its cadence, so the server checks them together.
  if (changes.weeklyPattern !== undefined || changes.recurrenceType !== undefined) {
    changes.recurrenceType = next.recurrenceType;
    changes.weeklyPattern = next.weeklyPattern;
  }
  return changes;
}

/** What an edit of a one-time quest changes (null: nothing); dates compared as the form shows them. */
function questChangesOf(
  values: FormValues,
  editing: Extract<QuestFormEditing, { kind: 'quest' }>,
  timeZone: string,
  today: string,
): UpdateQuestRequestInput | null {
  const quest = editing.quest;
  const before = initialValuesOf(editing, timeZone);
  const day = quest.scheduledTime
    ? localDate(new Date(quest.scheduledTime), timeZone)
    : (values.dueDate ?? today);
  const next: UpdateQuestRequestInput = {
    title: values.title,
    description: values.description,
    difficulty: values.difficulty,
    xpReward: values.xpReward,
    timeOfDay: values.timeOfDay,
    category: values.category ?? null,
    tags: values.tags ?? [],
    completeWhenChecklistDone: values.completeWhenChecklistDone ?? false,
  };
  const changes: UpdateQuestRequestInput = changedFields(next, quest);
  const steps = changedSteps(values, quest.checklist);
  if (steps) changes.checklist = steps;
  // Dates are compared as the form shows them (a local day, an hour), so an unchanged one is not sent.
  if ((values.dueDate ?? null) !== (before.dueDate ?? null))
    changes.dueDate = values.dueDate ? endOfLocalDay(values.dueDate, timeZone).toISOString() : null;
  const at = values.timeOfDay === 'anytime' ? undefined : values.scheduledAt;
  if ((at ?? null) !== (before.scheduledAt ?? null))
    changes.scheduledTime = scheduledTimeOf({ ...values, scheduledAt: at }, day, timeZone);
  return Object.keys(changes).length === 0 ? null : changes;
}

/** A series' "Repeat every" and its unit. */
function RepeatFields() {
  return (
    <>
      <Form.Item
        label="Repeat every"
        name="recurrenceInterval"
        rules={[
          {
            required: true,
            type: 'number',
            min: 1,
            max: 52,
            message: 'Repeat every 1 to 52',
          },
        ]}
      >
        <InputNumber min={1} max={52} style={{ width: '100%' }} aria-label="Repeat every" />
      </Form.Item>
      <Form.Item label="Unit" name="recurrenceType">
        <Select options={cadenceOptions} aria-label="Repeat unit" />
      </Form.Item>
    </>
  );
}

/** A series' days (weekly) or monthly rule, and what an edit of its schedule means. */
function ScheduleFields({ recurrenceType }: { recurrenceType: FormValues['recurrenceType'] }) {
  return (
    <>
      {recurrenceType === 'weekly' && (
        <Form.Item
          label="On these days"
          name="weeklyPattern"
          rules={[{ required: true, type: 'array', min: 1, message: 'Select at least one day' }]}
        >
          <Checkbox.Group options={WEEKDAY_OPTIONS} />
        </Form.Item>
      )}
      {recurrenceType === 'monthly' && (
        <Form.Item label="Each month" name="monthlyBy">
          <Select options={monthlyByOptions} aria-label="Each month" />
        </Form.Item>
      )}
      <p style={{ margin: '0 0 12px', fontSize: 13, opacity: 0.8 }}>
        Changes apply from the next occurrence; done ones keep what they were. A new schedule starts
        tomorrow.
      </p>
    </>
  );
}

/**
 * The Create Quest form. `defaultHour` (the Grid View's 8, 14 or 18) preselects that
 * block's time of day and schedules the quest at that hour today.
 */
export function CreateQuestForm({
  onCreated,
  defaultHour,
  editing,
}: {
  onCreated?: () => void;
  defaultHour?: number;
  /** Set: the form edits that quest or series (the edit dialog) instead of creating one. */
  editing?: QuestFormEditing;
}) {
  const [form] = Form.useForm<FormValues>();
  const createQuest = useCreateQuest();
  const { editQuest, editSeries } = useQuestEditing();
  const notification = useToast();
  const { today, timeZone } = useUserDay();
  const shape = createQuestFieldsSchema.shape;
  const timeOfDay = Form.useWatch('timeOfDay', form);
  const scheduledAt = Form.useWatch('scheduledAt', form);
  const recurrenceType = Form.useWatch('recurrenceType', form);
  const measureRule = Form.useWatch('measureRule', form);
  const defaultBlock = defaultHour === undefined ? null : plannerBlockForHour(defaultHour);
  const isSeries = editing?.kind === 'series';

  const onSave = (values: FormValues) => {
    if (editing?.kind === 'series') {
      const changes = seriesChangesOf(values, editing.series);
      if (!changes) return onCreated?.();
      editSeries.mutate({ id: editing.series.id, changes }, { onSuccess: () => onCreated?.() });
      return;
    }
    if (editing?.kind === 'quest') {
      const changes = questChangesOf(values, editing, timeZone, today);
      if (!changes) return onCreated?.();
      editQuest.mutate({ id: editing.quest.id, changes }, { onSuccess: () => onCreated?.() });
    }
  };

  const onFinish = (values: FormValues) => {
    if (editing) return onSave(values);
    createQuest.mutate(createRequestOf(values, timeZone, today), {
      onSuccess: (quest) => {
        notification.success({
          title: 'Quest Created!',
          description: `${quest.title} (+${quest.xpReward} XP)`,
        });
        form.resetFields();
        onCreated?.();
      },
      onError: (error) =>
        notification.error({
          title: 'Error',
          description: quotaMessageOr(error, 'Failed to create quest. Please try again.'),
        }),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name={editing ? `edit-${editing.kind}` : 'create-quest'}
      requiredMark={false}
      validateTrigger="onSubmit"
      initialValues={
        editing
          ? initialValuesOf(editing, timeZone)
          : {
              difficulty: 'easy',
              xpReward: defaultXpForDifficulty('easy'),
              timeOfDay: defaultBlock ?? 'anytime',
              scheduledAt: defaultHour === undefined ? undefined : defaultHour * 60,
              checklist: [],
              completeWhenChecklistDone: false,
            }
      }
      onValuesChange={(changed: Partial<FormValues>) => {
        if (changed.difficulty)
          form.setFieldValue('xpReward', defaultXpForDifficulty(changed.difficulty));
        // A time outside the new time of day's hours no longer fits it.
        const at = form.getFieldValue('scheduledAt') as number | undefined;
        if (
          changed.timeOfDay &&
          at !== undefined &&
          !scheduleTimeChoices(changed.timeOfDay).includes(at)
        )
          form.setFieldValue('scheduledAt', undefined);
      }}
      onFinish={onFinish}
    >
      <Form.Item label="Title" name="title" rules={[zodRule(shape.title)]}>
        <Input placeholder="Morning walk" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} placeholder="A 20 minute walk around the block" />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Form.Item label="Difficulty" name="difficulty">
          <Select options={difficultyOptions} aria-label="Difficulty" />
        </Form.Item>
        <Form.Item label="XP Reward" name="xpReward" rules={[zodRule(shape.xpReward)]}>
          <InputNumber min={1} max={1000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Time of Day" name="timeOfDay">
          <Select options={timeOfDayOptions} aria-label="Time of Day" />
        </Form.Item>
        <Form.Item label="Category" name="category">
          <Select options={categoryOptions} allowClear aria-label="Category" />
        </Form.Item>
        {!isSeries && (
          <Form.Item label="Due Date" name="dueDate">
            <Input type="date" />
          </Form.Item>
        )}
        <TagsField />
        {isSeries && <RepeatFields />}
      </div>
      {isSeries && <SeriesMeasureFields rule={measureRule} />}
      {isSeries && <ScheduleFields recurrenceType={recurrenceType} />}
      {!isSeries && timeOfDay && timeOfDay !== 'anytime' && (
        <Form.Item label="Scheduled Time" name="scheduledAt">
          <Select
            options={timeOptions(timeOfDay, scheduledAt)}
            allowClear
            aria-label="Scheduled Time"
            placeholder="No set time"
          />
        </Form.Item>
      )}
      <ChecklistFields />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={createQuest.isPending || editQuest.isPending || editSeries.isPending}
      >
        {editing ? 'Save Changes' : 'Create Quest'}
      </Button>
    </Form>
  );
}

function initialValuesOf(editing: QuestFormEditing, timeZone: string): FormValues {
  if (editing.kind === 'series') {
    const s = editing.series;
    return {
      title: s.title,
      description: s.description,
      difficulty: s.difficulty,
      xpReward: s.xpReward,
      timeOfDay: s.timeOfDay,
      category: s.category,
      recurrenceType: s.recurrenceType === 'custom' ? 'daily' : s.recurrenceType,
      recurrenceInterval: s.recurrenceInterval,
      weeklyPattern: s.weeklyPattern ?? [],
      monthlyBy: s.monthlyBy,
      tags: s.tags ?? [],
      ...measureFormValues(s.measure),
      checklist: s.checklist.map(({ id, text }) => ({ id, text })),
      completeWhenChecklistDone: s.completeWhenChecklistDone,
    };
  }
  const q = editing.quest;
  return {
    title: q.title,
    description: q.description,
    difficulty: q.difficulty,
    xpReward: q.xpReward,
    timeOfDay: q.timeOfDay,
    category: q.category,
    tags: q.tags,
    dueDate: q.dueDate ? localDate(new Date(q.dueDate), timeZone) : undefined,
    scheduledAt: q.scheduledTime ? minutesOf(new Date(q.scheduledTime), timeZone) : undefined,
    checklist: q.checklist.map(({ id, text }) => ({ id, text })),
    completeWhenChecklistDone: q.completeWhenChecklistDone,
  };
}

function minutesOf(instant: Date, timeZone: string): number {
  const { hour, minute } = zonedParts(instant, timeZone);
  return hour * 60 + minute;
}
