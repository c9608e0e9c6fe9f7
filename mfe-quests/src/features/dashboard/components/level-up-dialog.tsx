import Button from 'antd/es/button';
import Modal from 'antd/es/modal';

/** The level-up celebration (core.md section 2, Level Up dialog). */
export default function LevelUpDialog({
  level,
  onClose,
}: {
  level: number | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={level !== null}
      title="Level Up!"
      onCancel={onClose}
      centered
      footer={
        <Button type="primary" onClick={onClose}>
          Continue Your Journey
        </Button>
      }
    >
      <p style={{ fontSize: 18, textAlign: 'center' }}>
        You reached <strong>Level {level}</strong>. Keep the momentum going!
      </p>
    </Modal>
  );
}
