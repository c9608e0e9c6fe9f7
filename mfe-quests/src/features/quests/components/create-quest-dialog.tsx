import Modal from 'antd/es/modal';
import { CreateQuestForm } from './create-quest-form.tsx';

/** The Create Quest form in a dialog (loaded on first use by CreateQuestButton). */
export default function CreateQuestDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Create Quest" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <CreateQuestForm onCreated={onClose} />
    </Modal>
  );
}
