import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import {
  createLifeTaskRequestSchema,
  endOfLocalDay,
  lifeTaskCategorySchema,
  lifeTaskPrioritySchema,
  lifeTaskRecurrenceUnitSchema,
  type LifeTaskCategory,
  type LifeTaskPriority,
  type LifeTaskRecurrenceUnit,
} from '@levelup/contracts';
import { useToast, zodRule } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { createLifeTask } from '../api/life-tasks-api.ts';

interface Values {
  title: string;
  notes?: string;
  category: LifeTaskCategory;
  priority: LifeTaskPriority;
  dueDate?: string;
  isRecurring: boolean;
  recurrenceInterval: number;
  recurrenceType: LifeTaskRecurrenceUnit;
}

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: titleCase(value) }));

/** Add a life task: title, notes, category, priority, due date and recurrence (core.md sections 3, 5). */
export default function LifeTaskDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const recurring = Form.useWatch('isRecurring', form);
  const toast = useToast();
  const queryClient = useQueryClient();
  const { timeZone, today } = useUserDay();
  const create = useMutation({
    mutationFn: createLifeTask,
    onSuccess: (task) => {
      void refresh(queryClient, ['lifeTasks', 'grouped', 'overview', 'calendar']);
      toast.success({ title: 'Life Task Added!', description: task.title });
      form.resetFields();
      onClose();
    },
    onError: () =>
      toast.error({ title: 'Error', description: 'Failed to create life task. Please try again.' }),
  });
  return (
    <Modal title="Add Life Task" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        name="life-task"
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={{
          category: 'personal',
          priority: 'medium',
          isRecurring: false,
          recurrenceInterval: 1,
          recurrenceType: 'weeks',
        }}
        onFinish={(values) =>
          create.mutate({
            ...values,
            notes: values.notes ?? null,
            dueDate: values.dueDate ? endOfLocalDay(values.dueDate, timeZone).toISOString() : null,
          })
        }
      >
        <Form.Item
          label="Title"
          name="title"
          rules={[zodRule(createLifeTaskRequestSchema.shape.title)]}
        >
          <Input placeholder="Pay the electricity bill" />
        </Form.Item>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={2} />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item label="Category" name="category">
            <Select aria-label="Category" options={options(lifeTaskCategorySchema.options)} />
          </Form.Item>
          <Form.Item label="Priority" name="priority">
            <Select aria-label="Priority" options={options(lifeTaskPrioritySchema.options)} />
          </Form.Item>
        </div>
        <Form.Item label="Due Date" name="dueDate">
          <Input type="date" min={today} />
        </Form.Item>
        <Form.Item name="isRecurring" valuePropName="checked">
          <Checkbox>Repeats</Checkbox>
        </Form.Item>
        {recurring && (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            <Form.Item label="Every" name="recurrenceInterval">
              <InputNumber min={1} max={365} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Unit" name="recurrenceType">
              <Select aria-label="Unit" options={options(lifeTaskRecurrenceUnitSchema.options)} />
            </Form.Item>
          </div>
        )}
        <Button type="primary" htmlType="submit" block loading={create.isPending}>
          Add Life Task
        </Button>
      </Form>
    </Modal>
  );
}
