import TrophyFilled from '@ant-design/icons/es/icons/TrophyFilled';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useHoldUndoToast } from '../../../lib/undo-toast.tsx';

/** The level-up celebration; the completion's Undo toast waits for it (see useHoldUndoToast). */
export default function LevelUpDialog({ level, onClose }: { level: number; onClose: () => void }) {
  useHoldUndoToast();
  return (
    <Modal
      open
      title="Level Up!"
      onCancel={onClose}
      centered
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          Continue Your Journey
        </Button>
      }
    >
      <div style={{ textAlign: 'center' }}>
        {/* An icon, not a colour emoji: it draws the same where no emoji font is installed. */}
        <TrophyFilled aria-hidden="true" style={{ fontSize: 40, color: '#b7791f' }} />
        <p style={{ fontSize: 18 }}>
          Level {level - 1} → <strong>Level {level}</strong>
        </p>
        <p style={{ margin: 0, opacity: 0.8 }}>
          You reached Level {level}. Keep the momentum going!
        </p>
      </div>
    </Modal>
  );
}
