import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  createQuestFieldsSchema,
  createQuestRequestSchema,
  defaultXpForDifficulty,
  endOfLocalDay,
  hourLabel,
  plannerBlockForHour,
  zonedTimeToInstant,
  type QuestDifficulty,
  type TimeOfDay,
} from '@levelup/contracts';
import { useToast, zodRule } from '@levelup/web-kit';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { useCreateQuest } from '../hooks/use-create-quest.ts';

interface FormValues {
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
  timeOfDay: TimeOfDay;
  dueDate?: string;
  scheduledHour?: number;
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
const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: hourLabel(hour),
}));

/**
 * The Create Quest form. `defaultHour` (the Grid View's 8, 14 or 18, core.md section 2) preselects that
 * block's time of day and schedules the quest at that hour today.
 */
export function CreateQuestForm({
  onCreated,
  defaultHour,
}: {
  onCreated?: () => void;
  defaultHour?: number;
}) {
  const [form] = Form.useForm<FormValues>();
  const createQuest = useCreateQuest();
  const notification = useToast();
  const { today, timeZone } = useUserDay();
  const shape = createQuestFieldsSchema.shape;
  const timeOfDay = Form.useWatch('timeOfDay', form);
  const defaultBlock = defaultHour === undefined ? null : plannerBlockForHour(defaultHour);

  const onFinish = (values: FormValues) => {
    const withTime = values.timeOfDay !== 'anytime' && values.scheduledHour !== undefined;
    const request = createQuestRequestSchema.parse({
      title: values.title,
      description: values.description,
      difficulty: values.difficulty,
      xpReward: values.xpReward,
      timeOfDay: values.timeOfDay,
      // A due date is the end of that local day (core.md section 4).
      dueDate: values.dueDate ? endOfLocalDay(values.dueDate, timeZone).toISOString() : null,
      scheduledTime: withTime
        ? zonedTimeToInstant(
            today,
            { hour: values.scheduledHour!, minute: 0 },
            timeZone,
          ).toISOString()
        : null,
    });
    createQuest.mutate(request, {
      onSuccess: (quest) => {
        notification.success({
          title: 'Quest Created!',
          description: `${quest.title} (+${quest.xpReward} XP)`,
        });
        form.resetFields();
        onCreated?.();
      },
      onError: () =>
        notification.error({
          title: 'Error',
          description: 'Failed to create quest. Please try again.',
        }),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name="create-quest"
      requiredMark={false}
      validateTrigger="onSubmit"
      initialValues={{
        difficulty: 'easy',
        xpReward: defaultXpForDifficulty('easy'),
        timeOfDay: defaultBlock ?? 'anytime',
        scheduledHour: defaultHour,
      }}
      onValuesChange={(changed: Partial<FormValues>) => {
        if (changed.difficulty)
          form.setFieldValue('xpReward', defaultXpForDifficulty(changed.difficulty));
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
        <Form.Item label="Due Date" name="dueDate">
          <Input type="date" min={today} />
        </Form.Item>
      </div>
      {timeOfDay && timeOfDay !== 'anytime' && (
        <Form.Item label="Scheduled Time" name="scheduledHour">
          <Select
            options={hourOptions}
            allowClear
            aria-label="Scheduled Time"
            placeholder="No set time"
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={createQuest.isPending}>
        Create Quest
      </Button>
    </Form>
  );
}
