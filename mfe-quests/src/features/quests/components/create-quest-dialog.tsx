import Modal from 'antd/es/modal';
import { CreateQuestForm } from './create-quest-form.tsx';

/** The Create Quest form in a dialog (loaded on first use). */
export default function CreateQuestDialog({
  open,
  onClose,
  defaultHour,
}: {
  open: boolean;
  onClose: () => void;
  defaultHour?: number;
}) {
  return (
    <Modal title="Create Quest" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <CreateQuestForm onCreated={onClose} defaultHour={defaultHour} />
    </Modal>
  );
}
