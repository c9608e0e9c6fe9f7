import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import {
  API,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MISSING_MESSAGE,
  FEEDBACK_MISSING_TITLE,
  type FeedbackCategory,
} from '@levelup/contracts';
import { readsOf, useToast } from '@levelup/web-kit';
import { sendFeedback } from '../api/send-feedback.ts';

/** The success dialog closes by itself after 2 s. */
export const FEEDBACK_SENT_CLOSE_MS = 2000;

/** The feedback form and its 'Feedback sent!' dialog (lazy: loaded when the tab is first used). */
export default function FeedbackDialogs({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const messageId = useId();
  const categoryId = useId();
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);

  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      setCategory(null);
      setMessage('');
      onClose();
      setSent(true);
      // An admin with the review page open sees it on their next look.
      void queryClient.invalidateQueries({
        predicate: readsOf(API.listFeedback, API.feedbackCounts),
      });
    },
    onError: () =>
      toast.error({
        title: 'Error',
        description: 'Failed to submit feedback. Please try again.',
      }),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), FEEDBACK_SENT_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const submit = () => {
    if (!category || !message.trim()) {
      toast.error({ title: FEEDBACK_MISSING_TITLE, description: FEEDBACK_MISSING_MESSAGE });
      return;
    }
    send.mutate({
      category,
      message: message.trim(),
      url: window.location.pathname,
      userAgent: navigator.userAgent,
    });
  };

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        title="Send Beta Feedback"
        footer={[
          <Button key="cancel" onClick={onClose}>
            Cancel
          </Button>,
          <Button key="send" type="primary" loading={send.isPending} onClick={submit}>
            {send.isPending ? 'Sending...' : 'Send Feedback'}
          </Button>,
        ]}
      >
        <p style={{ marginTop: 0 }}>
          Level Up is in early access. Tell us what works, what breaks and what you would like to
          see.
        </p>
        <div style={{ marginBottom: 16 }}>
          <div id={categoryId} style={{ fontWeight: 600, marginBottom: 8 }}>
            Category
          </div>
          <Radio.Group
            aria-labelledby={categoryId}
            optionType="button"
            value={category}
            onChange={(event) => setCategory(event.target.value as FeedbackCategory)}
            options={Object.entries(FEEDBACK_CATEGORY_LABELS).map(([value, label]) => ({
              value,
              label,
            }))}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
          />
        </div>
        <label htmlFor={messageId} style={{ display: 'block', fontWeight: 600, marginBottom: 8 }}>
          Your feedback
        </label>
        <Input.TextArea
          id={messageId}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={5}
          maxLength={5000}
          placeholder="What happened, or what would make Level Up better for you?"
        />
      </Modal>
      <Modal
        open={sent}
        onCancel={() => setSent(false)}
        title="Feedback sent!"
        footer={null}
        width={360}
        centered
      >
        <p style={{ margin: 0 }}>Thank you for helping us improve Level Up.</p>
      </Modal>
    </>
  );
}
