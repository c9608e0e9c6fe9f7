import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { DELETE_KEEPS_XP_TEXT } from '@levelup/contracts';
import { questLogQueryOptions } from '../api/quests-api.ts';
import { seriesQueryOptions } from '../api/series-api.ts';
import { useQuestEditing } from '../hooks/use-quest-editing.ts';
import { CreateQuestForm } from './create-quest-form.tsx';
import type { ManageTarget } from './quest-manager.tsx';

/** A red that keeps white text readable (WCAG AA contrast 6.5:1), in both themes. */
const DESTRUCTIVE = { background: '#b91c1c', borderColor: '#b91c1c', color: '#fff' };

/** The quest manager's dialogs: Edit Quest / Edit Recurring Quest (the create form) and the delete confirmation. */
export default function QuestEditDialogs({
  target,
  onClose,
}: {
  target: ManageTarget | null;
  onClose: () => void;
}) {
  const editingQuest = target?.action === 'edit';
  const editingSeries = target?.action === 'edit-series';
  const quests = useQuery({ ...questLogQueryOptions, enabled: editingQuest });
  const series = useQuery({ ...seriesQueryOptions, enabled: editingSeries });
  const { removeQuest, removeSeries } = useQuestEditing();

  const quest = editingQuest ? quests.data?.find((q) => q.id === target.id) : undefined;
  const oneSeries = editingSeries ? series.data?.find((s) => s.id === target.id) : undefined;
  const loading = (editingQuest && quests.isPending) || (editingSeries && series.isPending);
  const deleting = target?.action === 'delete' || target?.action === 'delete-series';
  const isSeries = target?.action === 'delete-series';
  const remove = isSeries ? removeSeries : removeQuest;

  return (
    <>
      <Modal
        title={editingSeries ? 'Edit Recurring Quest' : 'Edit Quest'}
        open={editingQuest || editingSeries}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        {loading ? (
          <div role="status" aria-label="Loading quest">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ) : quest ? (
          <CreateQuestForm key={quest.id} editing={{ kind: 'quest', quest }} onCreated={onClose} />
        ) : oneSeries ? (
          <CreateQuestForm
            key={oneSeries.id}
            editing={{ kind: 'series', series: oneSeries }}
            onCreated={onClose}
          />
        ) : (
          <p role="alert">Unable to load your quest data at this time.</p>
        )}
      </Modal>
      <Modal
        title={isSeries ? 'Delete recurring quest?' : 'Delete quest?'}
        open={deleting}
        onCancel={onClose}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={onClose}>
            Cancel
          </Button>,
          <Button
            key="delete"
            type="primary"
            style={DESTRUCTIVE}
            loading={remove.isPending}
            onClick={() => target && remove.mutate(target.id, { onSuccess: onClose })}
          >
            Delete
          </Button>,
        ]}
      >
        <p>
          <strong>{target?.title}</strong>{' '}
          {isSeries
            ? 'will be deleted: its upcoming occurrences go, and the days you completed stay in your calendar.'
            : 'will be deleted from your quests.'}
        </p>
        <p style={{ marginBottom: 0 }}>{DELETE_KEEPS_XP_TEXT}</p>
      </Modal>
    </>
  );
}
