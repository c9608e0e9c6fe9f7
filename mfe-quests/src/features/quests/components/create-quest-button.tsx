import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';

// The dialog and its form components (Modal, Form, Select, InputNumber) are fetched on first open, not with
// the dashboard.
const CreateQuestDialog = lazy(() => import('./create-quest-dialog.tsx'));

/** A button that opens the Create Quest form in a dialog. */
export function CreateQuestButton({
  label = 'Create Quest',
  primary = true,
}: {
  label?: string;
  primary?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        type={primary ? 'primary' : 'default'}
        icon={<PlusOutlined aria-hidden="true" />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <CreateQuestDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
