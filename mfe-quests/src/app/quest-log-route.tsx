import { lazy, Suspense, useState } from 'react';
import { QuestLogPage } from '../features/quests/components/quest-log-page.tsx';
import { QuestManager } from '../features/quests/components/quest-manager.tsx';
import { QuestWizardDialog } from '../features/wizard/lazy-wizard-dialog.ts';

const ImportDialog = lazy(() => import('../features/import/components/import-dialog.tsx'));

/** /quests: the Quest Log with 'Start New Quest' opening the creation wizard, 'Import habits' the import. */
export function QuestLogRoute() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [importUsed, setImportUsed] = useState(false);
  return (
    <QuestManager>
      <QuestLogPage
        onStartNewQuest={() => {
          setUsed(true);
          setOpen(true);
        }}
        onImport={() => {
          setImportUsed(true);
          setImportOpen(true);
        }}
      />
      {importUsed && (
        <Suspense fallback={null}>
          <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
      {used && (
        <Suspense fallback={null}>
          <QuestWizardDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </QuestManager>
  );
}
