import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import {
  MEETUP_TYPE_LABELS,
  createMeetupRequestSchema,
  meetupPlatformSchema,
  meetupTypeSchema,
  type MeetupPlatform,
  type MeetupType,
} from '@levelup/contracts';
import { serverMessageOf, useToast, zodRule } from '@levelup/web-kit';
import { localInputToIso, dateTimeRule } from '../../../lib/datetime-local.ts';
import { useCreateMeetup } from '../hooks/use-meetups.ts';
import { joinUrlFieldSchema, joinUrlOf } from '../lib/join-url-field.ts';

interface Values {
  title: string;
  theme: string;
  description?: string;
  start: string;
  platform: MeetupPlatform;
  type: MeetupType;
  joinUrl?: string;
}

const fields = createMeetupRequestSchema.shape;

/**
 * Admins schedule a meetup. The start is entered in the browser's time; the organiser zone is US
 * Eastern (the weekly schedule's). The meeting link is optional and can be added later on the card.
 */
export function ScheduleMeetupForm() {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const create = useCreateMeetup();
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Schedule a Meetup</h2>}
      style={{ marginBottom: 24 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="schedule-meetup"
        requiredMark={false}
        validateTrigger="onSubmit"
        initialValues={{ platform: 'Discord', type: 'check-in' }}
        onFinish={(values) =>
          create.mutate(
            {
              title: values.title,
              theme: values.theme,
              description: values.description ?? '',
              startsAt: localInputToIso(values.start),
              platform: values.platform,
              type: values.type,
              ...(joinUrlOf(values.joinUrl) ? { joinUrl: joinUrlOf(values.joinUrl) } : {}),
            },
            {
              onSuccess: (meetup) => {
                toast.success({ title: 'Meetup scheduled', description: meetup.title });
                form.resetFields();
              },
              onError: (error) =>
                toast.error({
                  title: 'Could not schedule the meetup',
                  description: serverMessageOf(error, 'Please try again.'),
                }),
            },
          )
        }
      >
        <div
          style={{
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
          }}
        >
          <Form.Item label="Title" name="title" rules={[zodRule(fields.title)]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item label="Theme" name="theme" rules={[zodRule(fields.theme)]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item
            label="Starts"
            name="start"
            rules={[dateTimeRule('Start must be a date and time')]}
          >
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item label="Platform" name="platform">
            <Select
              aria-label="Platform"
              options={meetupPlatformSchema.options.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
          <Form.Item label="Type" name="type">
            <Select
              aria-label="Type"
              options={meetupTypeSchema.options.map((value) => ({
                value,
                label: MEETUP_TYPE_LABELS[value],
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          label="Meeting link (optional)"
          name="joinUrl"
          extra="Shown only to members who join. An https:// link, e.g. a Discord invite or a Zoom meeting."
          rules={[zodRule(joinUrlFieldSchema)]}
        >
          <Input type="url" inputMode="url" placeholder="https://" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Schedule Meetup
        </Button>
      </Form>
    </Card>
  );
}
