import { lazy, Suspense, useState } from 'react';
import { QuestLogPage } from '../features/quests/components/quest-log-page.tsx';
import { QuestManager } from '../features/quests/components/quest-manager.tsx';

const QuestWizardDialog = lazy(
  () => import('../features/wizard/components/quest-wizard-dialog.tsx'),
);

/** /quests: the Quest Log with 'Start New Quest' opening the creation wizard. */
export function QuestLogRoute() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <QuestManager>
      <QuestLogPage
        onStartNewQuest={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used && (
        <Suspense fallback={null}>
          <QuestWizardDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </QuestManager>
  );
}
