import { useState } from 'react';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import { REPORT_REASONS, REPORT_REASON_OTHER } from '@levelup/contracts';

/**
 * Report: the member picks why (or writes it under Other) and confirms with Report; nothing is sent
 * before that.
 */
export function ReportPostDialog({
  author,
  open,
  sending,
  onReport,
  onCancel,
}: {
  author: string;
  open: boolean;
  sending: boolean;
  onReport: (reason: string) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const reason = choice === REPORT_REASON_OTHER ? other.trim() : (choice ?? '');
  return (
    <Modal
      title={`Report ${author}'s post?`}
      open={open}
      okText="Report"
      okButtonProps={{ danger: true, disabled: !reason, loading: sending }}
      onOk={() => onReport(reason)}
      cancelText="Cancel"
      onCancel={onCancel}
      afterClose={() => {
        setChoice(null);
        setOther('');
      }}
    >
      <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8, padding: 0, fontSize: 14 }}>
          Why are you reporting it? An admin will look at it.
        </legend>
        <Radio.Group
          value={choice}
          onChange={(event) => setChoice(event.target.value as string)}
          style={{ display: 'grid', gap: 8 }}
          options={[...REPORT_REASONS, REPORT_REASON_OTHER].map((value) => ({
            value,
            label: value,
          }))}
        />
      </fieldset>
      {choice === REPORT_REASON_OTHER && (
        <Input.TextArea
          aria-label="What is wrong with it?"
          placeholder="What is wrong with it?"
          rows={3}
          maxLength={500}
          value={other}
          onChange={(event) => setOther(event.target.value)}
          style={{ marginTop: 12 }}
        />
      )}
    </Modal>
  );
}
