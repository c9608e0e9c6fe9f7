import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMPORT_NO_XP_NOTE, type ImportBatch, type ImportPreview } from '@levelup/contracts';
import {
  mockFetch,
  profileFixture,
  renderWithProviders,
  type MockRoute,
} from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';

const HABITS_CSV =
  'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n' +
  '001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false\n';
const CHECKMARKS_CSV = 'Date,Meditate,\n2026-11-22,YES_MANUAL,\n2026-11-21,YES_MANUAL,\n';

/** The series Loop's files above make. */
const meditate: ImportPreview['series'][number] = {
  title: 'Meditate',
  kind: 'habit',
  recurrence: {
    recurrenceType: 'daily',
    recurrenceInterval: 1,
    weeklyPattern: null,
    monthlyBy: 'day_of_month',
  },
  repeatRule: 'Every day',
  startDate: '2026-11-21',
  completions: 2,
  skippedDays: 0,
  currentStreak: 2,
  alreadyHere: false,
  completionsAlreadyHere: 0,
};
const preview: ImportPreview = {
  source: 'loop',
  fileName: 'Habits.csv',
  series: [meditate],
  lifeTasks: [],
  quests: [],
  breakHabits: [],
  counts: { series: 1, lifeTasks: 0, completions: 2, quests: 0 },
  alreadyHere: { series: 0, lifeTasks: 0, completions: 0, quests: 0 },
  warnings: ['1 archived habit(s) left out'],
  problems: [],
};
const batch: ImportBatch = {
  id: 'b1',
  source: 'loop',
  fileName: 'Habits.csv',
  status: 'done',
  counts: preview.counts,
  createdAt: '2026-11-22T10:00:00.000Z',
  undoneAt: null,
};

const csv = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

/** What the Quest Log reads before the dialog opens (no past imports); `routes` add or replace. */
const importRoutes = (routes: Record<string, MockRoute> = {}): Record<string, MockRoute> => ({
  'GET /api/user/profile': { body: profileFixture() },
  'GET /api/quests': { body: [] },
  'GET /api/quests/recurring': { body: [] },
  'GET /api/quests/import/batches': { body: { batches: [] } },
  ...routes,
});

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<QuestsRoutes />, { route: '/quests' });
  await user.click(await screen.findByRole('button', { name: 'Import habits' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Import habits' }) };
}

/** Opens the dialog and chooses Loop's two files: the dialog, and the preview the answer fills. */
async function chooseLoopFiles() {
  const { user, dialog } = await openDialog();
  await user.upload(within(dialog).getByLabelText('Export file'), [
    csv('Habits.csv', HABITS_CSV),
    csv('Checkmarks.csv', CHECKMARKS_CSV),
  ]);
  const shown = await within(dialog).findByRole('region', { name: 'Import preview' });
  return { user, dialog, shown };
}

/** The preview shown when the server answers Loop's files with `answer`. */
async function previewShowing(answer: ImportPreview) {
  mockFetch(importRoutes({ 'POST /api/quests/import/preview': { body: answer } }));
  return (await chooseLoopFiles()).shown;
}

describe('Import habits', () => {
  it("when Loop's CSV files are chosen, then the preview shows the series with its rule, completions and streak, the no-XP note, and Import sends the same files; Undo import in the toast takes it back", async () => {
    const { calls } = mockFetch(
      importRoutes({
        'POST /api/quests/import/preview': { body: preview },
        'POST /api/quests/import': { status: 201, body: batch },
        'POST /api/quests/import/batches/b1/undo': {
          body: { ...batch, status: 'undone', undoneAt: '2026-11-22T10:01:00.000Z' },
        },
      }),
    );
    const { user, dialog, shown } = await chooseLoopFiles();
    expect(shown).toHaveTextContent(
      'Will create: 1 recurring series, 0 life tasks, 2 past completions',
    );
    expect(shown).toHaveTextContent('Meditate · Every day · 2 past completions · 2 days streak');
    expect(shown).toHaveTextContent(IMPORT_NO_XP_NOTE);
    expect(shown).toHaveTextContent('1 archived habit(s) left out');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/quests/import');
    expect(sent?.body).toEqual({
      source: 'loop',
      fileName: 'Habits.csv',
      files: [
        { name: 'Habits.csv', text: HABITS_CSV },
        { name: 'Checkmarks.csv', text: CHECKMARKS_CSV },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('Import undone')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/quests/import/batches/b1/undo')).toBe(true);
  });

  it('when a Loop numerical habit is in the file, then the preview names its target and how its days count', async () => {
    const shown = await previewShowing({
      ...preview,
      series: [
        {
          ...meditate,
          title: 'Read',
          measure: { rule: 'at_least', target: 20, unit: 'pages' },
          completions: 5,
          partialDays: 2,
          notDoneDays: 1,
          currentStreak: 0,
        },
      ],
    });
    expect(shown).toHaveTextContent(
      'Read · Every day · At least 20 pages a day · 5 past completions (2 days Kinda Sorta) · 1 day with an amount that counts as not done',
    );
  });

  it('when a daily has a checklist, then the preview says how many steps its routine gets', async () => {
    const shown = await previewShowing({
      ...preview,
      series: [{ ...meditate, title: 'Morning routine', steps: 4, currentStreak: 0 }],
    });
    expect(within(shown).getByRole('list', { name: 'Series to create' })).toHaveTextContent(
      /^Morning routine · Every day · 4 steps · /,
    );
  });

  it('when a todo with a checklist is in the file, then the preview counts and lists it as a quest with steps', async () => {
    const shown = await previewShowing({
      ...preview,
      quests: [
        {
          title: 'Clean the kitchen',
          steps: 3,
          stepsDone: 1,
          completed: false,
          completedOn: null,
          alreadyHere: false,
        },
      ],
      counts: { ...preview.counts, quests: 1 },
    });
    expect(shown).toHaveTextContent(
      'Will create: 1 recurring series, 0 life tasks, 1 quest with steps, 2 past completions',
    );
    expect(
      within(shown).getByRole('list', { name: 'Quests with steps to create' }),
    ).toHaveTextContent('Clean the kitchen · quest with 1/3 steps done');
  });

  it('when a habit that only counts slips is in the file, then the preview counts and lists it as a habit to break with its slips', async () => {
    const shown = await previewShowing({
      ...preview,
      breakHabits: [
        {
          title: 'Smoke',
          startDate: '2026-11-01',
          slips: 3,
          alreadyHere: false,
          slipsAlreadyHere: 0,
        },
      ],
      counts: { ...preview.counts, breakHabits: 1, slips: 3 },
    });
    expect(shown).toHaveTextContent(
      'Will create: 1 recurring series, 0 life tasks, 1 habit to break, 2 past completions, 3 slips',
    );
    expect(
      within(shown).getByRole('list', { name: 'Habits to break to create' }),
    ).toHaveTextContent('Smoke · Habit to break · 3 slips');
  });

  it('when an earlier import brought part of the file, then the preview says how many are new and how many already here', async () => {
    const shown = await previewShowing({
      ...preview,
      series: [
        {
          ...meditate,
          completions: 12,
          completionsAlreadyHere: 40,
          alreadyHere: true,
        },
      ],
      counts: { series: 0, lifeTasks: 0, completions: 12, quests: 0 },
      alreadyHere: { series: 1, lifeTasks: 0, completions: 40, quests: 0 },
    });
    expect(shown).toHaveTextContent('Past completions: 12 new, 40 already here.');
    expect(shown).toHaveTextContent(
      'Meditate · Every day · already here · 12 new, 40 already here',
    );
  });

  it('when the server refuses the file, then its message shows and Import stays off', async () => {
    mockFetch(
      importRoutes({
        'POST /api/quests/import/preview': {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'This is not a Loop Habit Tracker export: Habits.csv is missing',
            },
          },
        },
      }),
    );
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Export file'), [
      csv('Checkmarks.csv', CHECKMARKS_CSV),
    ]);
    expect(
      await within(dialog).findByText(
        'This is not a Loop Habit Tracker export: Habits.csv is missing',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('when there are past imports, then each done one offers Undo import and an undone one says so', async () => {
    const { calls } = mockFetch(
      importRoutes({
        'GET /api/quests/import/batches': {
          body: {
            batches: [
              batch,
              { ...batch, id: 'b0', fileName: 'old.json', source: 'habitica', status: 'undone' },
            ],
          },
        },
        'POST /api/quests/import/batches/b1/undo': { body: { ...batch, status: 'undone' } },
      }),
    );
    const { user, dialog } = await openDialog();
    const past = await within(dialog).findByRole('region', { name: 'Past imports' });
    expect(past).toHaveTextContent('old.json · Habitica');
    expect(within(past).getByText('Undone')).toBeInTheDocument();
    await user.click(within(past).getByRole('button', { name: 'Undo import of Habits.csv' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/quests/import/batches/b1/undo')).toBe(true),
    );
  });
});
