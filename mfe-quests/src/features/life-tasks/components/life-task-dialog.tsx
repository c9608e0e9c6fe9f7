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
  localDate,
  type LifeTask,
  type LifeTaskCategory,
  type LifeTaskPriority,
  type LifeTaskRecurrenceUnit,
} from '@levelup/contracts';
import { quotaMessageOr, useToast, zodRule } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { createLifeTask, updateLifeTask } from '../api/life-tasks-api.ts';

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

/**
 * Add a life task: title, notes, category, priority, due date and recurrence.
 * With `task`, the same dialog edits it (Edit Life Task).
 */
export default function LifeTaskDialog({
  open,
  onClose,
  task,
}: {
  open: boolean;
  onClose: () => void;
  task?: LifeTask;
}) {
  const [form] = Form.useForm<Values>();
  const recurring = Form.useWatch('isRecurring', form);
  const toast = useToast();
  const queryClient = useQueryClient();
  const { timeZone } = useUserDay();
  const create = useMutation({
    mutationFn: createLifeTask,
    onSuccess: (task) => {
      void refresh(queryClient, ['lifeTasks', 'grouped', 'overview', 'calendar']);
      toast.success({ title: 'Life Task Added!', description: task.title });
      form.resetFields();
      onClose();
    },
    onError: (error) =>
      toast.error({
        title: 'Error',
        description: quotaMessageOr(error, 'Failed to create life task. Please try again.'),
      }),
  });
  const update = useMutation({
    mutationFn: updateLifeTask,
    onSuccess: (saved) => {
      void refresh(queryClient, ['lifeTasks', 'grouped']);
      toast.success({ title: 'Life Task Updated!', description: saved.title });
      onClose();
    },
    onError: () =>
      toast.error({ title: 'Error', description: 'Failed to update life task. Please try again.' }),
  });
  const dueDay = (iso: string | null) => (iso ? localDate(new Date(iso), timeZone) : undefined);
  const submit = (values: Values) => {
    const dueDate = values.dueDate ? endOfLocalDay(values.dueDate, timeZone).toISOString() : null;
    if (!task) return create.mutate({ ...values, notes: values.notes ?? null, dueDate });
    // The due date is sent only when its day changed (the form shows a local day, not the instant).
    const { dueDate: pickedDay, ...rest } = values;
    const unchangedDue = (pickedDay ?? null) === (dueDay(task.dueDate) ?? null);
    update.mutate({
      id: task.id,
      changes: { ...rest, notes: values.notes ?? null, ...(unchangedDue ? {} : { dueDate }) },
    });
  };
  return (
    <Modal
      title={task ? 'Edit Life Task' : 'Add Life Task'}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={task ? 'edit-life-task' : 'life-task'}
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={
          task
            ? {
                title: task.title,
                notes: task.notes ?? undefined,
                category: task.category,
                priority: task.priority,
                dueDate: dueDay(task.dueDate),
                isRecurring: task.isRecurring,
                recurrenceInterval: task.recurrenceInterval,
                recurrenceType: task.recurrenceType,
              }
            : {
                category: 'personal',
                priority: 'medium',
                isRecurring: false,
                recurrenceInterval: 1,
                recurrenceType: 'weeks',
              }
        }
        onFinish={submit}
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
          <Input type="date" />
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={create.isPending || update.isPending}
        >
          {task ? 'Save Changes' : 'Add Life Task'}
        </Button>
      </Form>
    </Modal>
  );
}
