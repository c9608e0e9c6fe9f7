import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Meetup } from '@levelup/contracts';
import { serverMessageOf, useToast, zodRule } from '@levelup/web-kit';
import { useUpdateJoinUrl } from '../hooks/use-meetups.ts';
import { joinUrlFieldSchema, joinUrlOf } from '../lib/join-url-field.ts';

/** Admins: set, change or (left empty) remove a meetup's meeting link, from its card. */
export function MeetupLinkEditor({ meetup }: { meetup: Meetup }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ joinUrl?: string }>();
  const update = useUpdateJoinUrl();
  const toast = useToast();
  if (!open) {
    return (
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`${meetup.joinUrl ? 'Edit' : 'Add'} meeting link for ${meetup.title}`}
      >
        {meetup.joinUrl ? 'Edit meeting link' : 'Add meeting link'}
      </Button>
    );
  }
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      validateTrigger="onSubmit"
      initialValues={{ joinUrl: meetup.joinUrl ?? '' }}
      onFinish={(values) =>
        update.mutate(
          { id: meetup.id, joinUrl: joinUrlOf(values.joinUrl) },
          {
            onSuccess: (saved) => {
              toast.success({
                title: saved.joinUrl ? 'Meeting link saved' : 'Meeting link removed',
                description: saved.title,
              });
              setOpen(false);
            },
            onError: (error) =>
              toast.error({
                title: 'Could not save the meeting link',
                description: serverMessageOf(error, 'Please try again.'),
              }),
          },
        )
      }
    >
      <Form.Item
        label={`Meeting link for ${meetup.title}`}
        name="joinUrl"
        extra="An https:// link, e.g. a Discord invite or a Zoom meeting. Leave empty to remove it."
        rules={[zodRule(joinUrlFieldSchema)]}
      >
        <Input type="url" inputMode="url" placeholder="https://" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button type="primary" htmlType="submit" size="small" loading={update.isPending}>
          Save link
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
