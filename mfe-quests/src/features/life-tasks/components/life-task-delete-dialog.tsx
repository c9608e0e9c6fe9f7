import Modal from 'antd/es/modal';
import { DELETE_KEEPS_XP_TEXT, type LifeTask } from '@levelup/contracts';

/** A red that keeps white text readable (WCAG AA contrast 6.5:1), in both themes. */
const DESTRUCTIVE = { background: '#b91c1c', borderColor: '#b91c1c', color: '#fff' };

/** Delete a life task? Says what happens to the XP it earned (loaded on first use). */
export default function LifeTaskDeleteDialog({
  task,
  pending,
  onConfirm,
  onClose,
}: {
  task: LifeTask | null;
  pending: boolean;
  onConfirm: (task: LifeTask) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Delete life task?"
      open={task !== null}
      onCancel={onClose}
      okText="Delete"
      okButtonProps={{ loading: pending, style: DESTRUCTIVE }}
      onOk={() => task && onConfirm(task)}
      destroyOnHidden
    >
      <p>
        <strong>{task?.title}</strong> will be removed from your life tasks.
      </p>
      <p style={{ marginBottom: 0 }}>{DELETE_KEEPS_XP_TEXT}</p>
    </Modal>
  );
}
