import { Link } from 'react-router-dom';
import FlagFilled from '@ant-design/icons/es/icons/FlagFilled';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import type { Goal } from '@levelup/contracts';
import { useHoldUndoToast } from '../../../lib/undo-toast.tsx';

/** The celebration of a goal that reached its target; the completion's Undo toast waits for it. */
export default function GoalAchievedDialog({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  useHoldUndoToast();
  return (
    <Modal
      open
      title="Goal Achieved!"
      onCancel={onClose}
      centered
      footer={[
        <Link key="goals" to="/goals" onClick={onClose} style={{ marginRight: 12 }}>
          See your goals
        </Link>,
        <Button key="continue" type="primary" onClick={onClose} autoFocus>
          Keep Going
        </Button>,
      ]}
    >
      <div style={{ textAlign: 'center' }}>
        {/* An icon, not a colour emoji: it draws the same where no emoji font is installed. */}
        <FlagFilled aria-hidden="true" style={{ fontSize: 40, color: '#389e0d' }} />
        <p style={{ fontSize: 18 }}>
          <strong>{goal.title}</strong>
        </p>
        <p style={{ margin: 0, opacity: 0.8 }}>
          {goal.currentXp}/{goal.targetXp} XP: you reached the target you set.
        </p>
      </div>
    </Modal>
  );
}
