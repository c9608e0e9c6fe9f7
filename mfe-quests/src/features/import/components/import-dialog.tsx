import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { useState, type ChangeEvent } from 'react';
import {
  checklistStepsLabel,
  measureLabel,
  IMPORT_NO_XP_NOTE,
  type ImportBatch,
  type ImportCounts,
  type ImportPreview,
  type ImportRequest,
} from '@levelup/contracts';
import { HttpError, useToast } from '@levelup/web-kit';
import { importsQueryOptions, previewImport, runImport, undoImport } from '../api/import-api.ts';
import { exportFileOf, ImportFileError, readExport } from '../api/read-export.ts';

const SOURCE_NAMES = { habitica: 'Habitica', loop: 'Loop Habit Tracker' } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * '3 recurring series, 2 life tasks, 13 past completions' (and '1 quest with steps', '1 habit to break',
 * '4 slips' when any).
 */
export function describeCounts(counts: ImportCounts): string {
  const breakHabits = counts.breakHabits ?? 0;
  const slips = counts.slips ?? 0;
  return [
    plural(counts.series, 'recurring series', 'recurring series'),
    plural(counts.lifeTasks, 'life task', 'life tasks'),
    ...(counts.quests > 0 ? [plural(counts.quests, 'quest with steps', 'quests with steps')] : []),
    ...(breakHabits > 0 ? [plural(breakHabits, 'habit to break', 'habits to break')] : []),
    plural(counts.completions, 'past completion', 'past completions'),
    ...(slips > 0 ? [plural(slips, 'slip', 'slips')] : []),
  ].join(', ');
}

/** "Smoke · Habit to break · 3 slips": a Habitica habit that only counts "−". */
function BreakHabitList({ preview }: { preview: ImportPreview }) {
  if (preview.breakHabits.length === 0) return null;
  return (
    <ul aria-label="Habits to break to create" style={{ margin: 0, paddingLeft: 20 }}>
      {preview.breakHabits.map((h, i) => (
        <li key={i}>
          <strong>{h.title}</strong> · Habit to break ·{' '}
          {h.alreadyHere
            ? `already here · ${plural(h.slips, 'new slip', 'new slips')}, ${h.slipsAlreadyHere} already here`
            : plural(h.slips, 'slip', 'slips')}
        </li>
      ))}
    </ul>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  if (error instanceof HttpError && error.status === 413)
    return 'The export is too large to import at once';
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return 'Something went wrong. Please try again.';
}

function PreviewList({ preview }: { preview: ImportPreview }) {
  const { series, lifeTasks, completions, quests, breakHabits = 0 } = preview.alreadyHere;
  const alreadyHere = series + lifeTasks + completions + quests + breakHabits;
  return (
    <section aria-label="Import preview" style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0 }}>
        <strong>Will create:</strong> {describeCounts(preview.counts)}
      </p>
      {alreadyHere > 0 && (
        <p style={{ margin: 0 }} aria-label="Already here">
          <strong>Already here from an earlier import:</strong>{' '}
          {describeCounts(preview.alreadyHere)} (not added again). Past completions:{' '}
          {preview.counts.completions} new, {preview.alreadyHere.completions} already here.
        </p>
      )}
      <Alert type="info" showIcon title={IMPORT_NO_XP_NOTE} />
      {preview.series.length > 0 && (
        <ul aria-label="Series to create" style={{ margin: 0, paddingLeft: 20 }}>
          {preview.series.map((s, i) => (
            <li key={i}>
              <strong>{s.title}</strong> · {s.repeatRule} ·{' '}
              {s.measure && `${measureLabel(s.measure)} · `}
              {(s.steps ?? 0) > 0 && `${plural(s.steps ?? 0, 'step', 'steps')} · `}
              {s.alreadyHere
                ? `already here · ${s.completions} new, ${s.completionsAlreadyHere} already here`
                : plural(s.completions, 'past completion', 'past completions')}
              {s.currentStreak > 0 && ` · ${plural(s.currentStreak, 'day', 'days')} streak`}
              {(s.partialDays ?? 0) > 0 &&
                ` (${plural(s.partialDays ?? 0, 'day', 'days')} Kinda Sorta)`}
              {(s.notDoneDays ?? 0) > 0 &&
                ` · ${plural(s.notDoneDays ?? 0, 'day', 'days')} with an amount that counts as not done`}
              {s.skippedDays > 0 &&
                ` · ${plural(s.skippedDays, 'skipped day', 'skipped days')} (rest days)`}
            </li>
          ))}
        </ul>
      )}
      {preview.lifeTasks.length > 0 && (
        <ul aria-label="Life tasks to create" style={{ margin: 0, paddingLeft: 20 }}>
          {preview.lifeTasks.map((t, i) => (
            <li key={i}>
              <strong>{t.title}</strong> · life task
              {t.alreadyHere ? ' · already here' : ''}
              {t.completed ? ` · done${t.completedOn ? ` on ${t.completedOn}` : ''}` : ''}
            </li>
          ))}
        </ul>
      )}
      {preview.quests.length > 0 && (
        <ul aria-label="Quests with steps to create" style={{ margin: 0, paddingLeft: 20 }}>
          {preview.quests.map((q, i) => (
            <li key={i}>
              <strong>{q.title}</strong> ·{' '}
              {`quest with ${checklistStepsLabel(q.stepsDone, q.steps)} done`}
              {q.alreadyHere ? ' · already here' : ''}
              {q.completed ? ` · done${q.completedOn ? ` on ${q.completedOn}` : ''}` : ''}
            </li>
          ))}
        </ul>
      )}
      <BreakHabitList preview={preview} />
      {preview.problems.length > 0 && (
        <Alert
          type="error"
          title="This file cannot be imported as it is"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {preview.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      {preview.warnings.length > 0 && (
        <Alert
          type="warning"
          title="Changed or left out on the way in"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {preview.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
    </section>
  );
}

function PastImports({ onUndo, busy }: { onUndo: (id: string) => void; busy: boolean }) {
  const imports = useQuery(importsQueryOptions);
  const batches = imports.data?.batches ?? [];
  if (batches.length === 0) return null;
  return (
    <section aria-label="Past imports" style={{ marginTop: 24 }}>
      <h3 style={{ fontSize: 16, margin: '0 0 8px' }}>Past imports</h3>
      <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
        {batches.map((batch: ImportBatch) => (
          <li
            key={batch.id}
            style={{
              display: 'flex',
              gap: 8,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <span>
              {batch.fileName} · {SOURCE_NAMES[batch.source]} ·{' '}
              {new Date(batch.createdAt).toLocaleDateString()} · {describeCounts(batch.counts)}
            </span>
            {batch.status === 'undone' ? (
              <Tag>Undone</Tag>
            ) : (
              <Button
                size="small"
                disabled={busy}
                onClick={() => onUndo(batch.id)}
                aria-label={`Undo import of ${batch.fileName}`}
              >
                Undo import
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Import habits: choose a Habitica or Loop Habit Tracker export, see what it will create, import it as
 * one batch, and undo a batch from the toast or from the list of past imports.
 */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<ImportRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An import or its undo touches nearly every read (series, occurrences, calendar, overview, life
  // tasks), so both refresh them all.
  const refreshAll = () => queryClient.invalidateQueries();

  const preview = useMutation({
    mutationFn: previewImport,
    onError: (e) => setError(messageOf(e)),
  });
  const undo = useMutation({
    mutationFn: undoImport,
    onSuccess: (batch) => {
      toast.success({ title: 'Import undone', description: `${batch.fileName} was removed.` });
      void refreshAll();
    },
    onError: (e) => toast.error({ title: 'Undo import failed', description: messageOf(e) }),
  });
  const run = useMutation({
    mutationFn: runImport,
    onSuccess: (batch) => {
      toast.success({
        title: 'Import complete',
        description: `Created ${describeCounts(batch.counts)}.`,
        actions: (
          <Button size="small" onClick={() => undo.mutate(batch.id)}>
            Undo import
          </Button>
        ),
      });
      void refreshAll();
      reset();
      onClose();
    },
    onError: (e) => setError(messageOf(e)),
  });

  function reset() {
    setRequest(null);
    setError(null);
    preview.reset();
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    reset();
    const files = [...(event.target.files ?? [])].map(exportFileOf);
    if (files.length === 0) return;
    try {
      const next = await readExport(files);
      setRequest(next);
      preview.mutate(next);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <Modal
      open={open}
      title="Import habits"
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={[
        <Button
          key="cancel"
          onClick={() => {
            reset();
            onClose();
          }}
        >
          Cancel
        </Button>,
        <Button
          key="import"
          type="primary"
          disabled={!preview.data || !request || preview.data.problems.length > 0}
          loading={run.isPending}
          onClick={() => request && run.mutate(request)}
        >
          Import
        </Button>,
      ]}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>
        Bring your habits and their history from Habitica (Settings, Export Data, User Data as JSON)
        or Loop Habit Tracker (Settings, Export as CSV: the .zip, or its Habits.csv and
        Checkmarks.csv; or Export full backup: the .db). Files up to 20 MB.
      </p>
      <label style={{ display: 'grid', gap: 4, marginBottom: 16 }}>
        <span>Export file</span>
        <input type="file" accept=".json,.zip,.csv,.db" multiple onChange={(e) => void choose(e)} />
      </label>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {preview.isPending && <p role="status">Reading the export…</p>}
      {preview.data && <PreviewList preview={preview.data} />}
      <PastImports onUndo={(id) => undo.mutate(id)} busy={undo.isPending} />
    </Modal>
  );
}
