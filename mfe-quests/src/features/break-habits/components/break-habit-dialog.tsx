import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import {
  BREAK_HABIT_NO_XP_NOTE,
  QUEST_TAGS_MAX,
  createBreakHabitRequestSchema,
  type BreakHabit,
} from '@levelup/contracts';
import { useToast, zodRule } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { TagsField } from '../../../lib/tags-field.tsx';
import { createBreakHabit, updateBreakHabit } from '../api/break-habits-api.ts';

interface Values {
  title: string;
  description?: string;
  tags?: string[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * New habit to break: a title, an optional description and tags. With `habit`, the same form edits it.
 */
export default function BreakHabitDialog({
  open,
  onClose,
  habit,
}: {
  open: boolean;
  onClose: () => void;
  habit?: BreakHabit | null;
}) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const done = (title: string, saved: BreakHabit) => {
    void refresh(queryClient, ['breakHabits']);
    toast.success({ title, description: saved.title });
    form.resetFields();
    onClose();
  };
  const create = useMutation({
    mutationFn: createBreakHabit,
    onSuccess: (saved) => done('Habit to break added', saved),
    onError: (error) => toast.error({ title: message(error) }),
  });
  const update = useMutation({
    mutationFn: updateBreakHabit,
    onSuccess: (saved) => done('Habit to break saved', saved),
    onError: (error) => toast.error({ title: message(error) }),
  });
  const submit = (values: Values) => {
    const fields = {
      title: values.title,
      description: values.description ?? '',
      tags: values.tags ?? [],
    };
    if (habit) update.mutate({ id: habit.id, changes: fields });
    else create.mutate(fields);
  };
  return (
    <Modal
      title={habit ? 'Edit habit to break' : 'New habit to break'}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={habit ? 'edit-break-habit' : 'break-habit'}
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={
          habit ? { title: habit.title, description: habit.description, tags: habit.tags } : {}
        }
        onFinish={submit}
      >
        <Form.Item
          label="Title"
          name="title"
          rules={[zodRule(createBreakHabitRequestSchema.shape.title)]}
        >
          <Input placeholder="Doomscroll" maxLength={100} />
        </Form.Item>
        <Form.Item label="Description (optional)" name="description">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <TagsField hint={`Words to group your habits by, up to ${QUEST_TAGS_MAX}.`} />
        <p>Record a slip each time it happens. {BREAK_HABIT_NO_XP_NOTE}</p>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={create.isPending || update.isPending}
        >
          {habit ? 'Save changes' : 'Add habit to break'}
        </Button>
      </Form>
    </Modal>
  );
}
