import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import {
  SESSION_CATEGORY_LABELS,
  SESSION_LIMITS,
  createSessionRequestSchema,
  sessionCategorySchema,
  type SessionCategory,
} from '@levelup/contracts';
import { serverMessageOf, useToast, zodRule } from '@levelup/web-kit';
import { isoToLocalInput, localInputToIso, dateTimeRule } from '../../../lib/datetime-local.ts';
import { useCreateSession } from '../hooks/use-sessions.ts';

interface Values {
  title: string;
  description?: string;
  start: string;
  duration: number;
  maxParticipants: number;
  category: SessionCategory;
}

const fields = createSessionRequestSchema.shape;
const categoryOptions = sessionCategorySchema.options.map((value) => ({
  value,
  label: SESSION_CATEGORY_LABELS[value],
}));

/** 'Create Session': the data model's creation shape. */
export function CreateSessionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const create = useCreateSession();
  return (
    <Modal title="Create Session" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        name="create-session"
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={{
          start: isoToLocalInput(new Date()),
          duration: 60,
          maxParticipants: 6,
          category: 'focus',
        }}
        onFinish={(values) =>
          create.mutate(
            {
              title: values.title,
              description: values.description?.trim() || null,
              startTime: localInputToIso(values.start),
              duration: values.duration,
              maxParticipants: values.maxParticipants,
              category: values.category,
            },
            {
              onSuccess: (session) => {
                toast.success({ title: 'Session created', description: session.title });
                form.resetFields();
                onClose();
              },
              onError: (error) =>
                toast.error({
                  title: 'Could not create the session',
                  description: serverMessageOf(error, 'Please try again.'),
                }),
            },
          )
        }
      >
        <Form.Item label="Title" name="title" rules={[zodRule(fields.title)]}>
          <Input placeholder="Morning Focus Sprint" maxLength={120} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Form.Item
          label="Starts"
          name="start"
          rules={[dateTimeRule('Start time must be a date and time')]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item label="Duration (minutes)" name="duration" rules={[zodRule(fields.duration)]}>
            <InputNumber
              min={SESSION_LIMITS.minDuration}
              max={SESSION_LIMITS.maxDuration}
              step={15}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="Max participants"
            name="maxParticipants"
            rules={[zodRule(fields.maxParticipants)]}
          >
            <InputNumber
              min={SESSION_LIMITS.minParticipants}
              max={SESSION_LIMITS.maxParticipants}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
        <Form.Item label="Category" name="category">
          <Select aria-label="Category" options={categoryOptions} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={create.isPending}>
          Create Session
        </Button>
      </Form>
    </Modal>
  );
}
