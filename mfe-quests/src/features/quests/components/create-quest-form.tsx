import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { z } from 'zod';
import {
  createQuestFieldsSchema,
  createQuestRequestSchema,
  defaultXpForDifficulty,
  type QuestDifficulty,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { useCreateQuest } from '../hooks/use-create-quest.ts';

interface FormValues {
  title: string;
  description: string;
  difficulty: QuestDifficulty;
  xpReward: number;
}

/** An antd rule that checks one field with its contracts schema (messages from core.md section 5). */
function fieldRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

const difficultyOptions = [
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
];

/** The simple Create Quest form of the walking skeleton (the full wizard comes later). */
export function CreateQuestForm({ onCreated }: { onCreated?: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const createQuest = useCreateQuest();
  const notification = useToast();
  const shape = createQuestFieldsSchema.shape;

  const onFinish = (values: FormValues) => {
    createQuest.mutate(createQuestRequestSchema.parse(values), {
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
      initialValues={{ difficulty: 'easy', xpReward: defaultXpForDifficulty('easy') }}
      onValuesChange={(changed: Partial<FormValues>) => {
        if (changed.difficulty)
          form.setFieldValue('xpReward', defaultXpForDifficulty(changed.difficulty));
      }}
      onFinish={onFinish}
    >
      <Form.Item label="Title" name="title" rules={[fieldRule(shape.title)]}>
        <Input placeholder="Morning walk" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[fieldRule(shape.description)]}>
        <Input.TextArea rows={3} placeholder="A 20 minute walk around the block" />
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Form.Item label="Difficulty" name="difficulty">
          <Select options={difficultyOptions} aria-label="Difficulty" />
        </Form.Item>
        <Form.Item label="XP Reward" name="xpReward" rules={[fieldRule(shape.xpReward)]}>
          <InputNumber min={1} max={1000} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" block loading={createQuest.isPending}>
        Create Quest
      </Button>
    </Form>
  );
}
