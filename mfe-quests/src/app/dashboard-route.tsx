import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ONBOARDING_AUTO_OPEN_MS } from '@levelup/contracts';
import { todosQueryOptions } from '../features/dashboard/api/todos-api.ts';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { lifeTasksQueryOptions } from '../features/life-tasks/api/life-tasks-api.ts';
import { LifeTasksCard } from '../features/life-tasks/components/life-tasks-card.tsx';
import { questsQueryOptions } from '../features/quests/api/quests-api.ts';
import { seriesQueryOptions } from '../features/quests/api/series-api.ts';
import { QuestManager } from '../features/quests/components/quest-manager.tsx';
import { TodaysQuests } from '../features/quests/components/todays-quests.tsx';
import { useDayQuests } from '../features/quests/hooks/use-day-quests.ts';
import { QuestWizardDialog } from '../features/wizard/lazy-wizard-dialog.ts';
import { LoadingBlock } from '../lib/loading-block.tsx';
import { isOnboardingComplete, markOnboardingComplete } from '../lib/onboarding.ts';
import { useUserDay } from '../lib/use-user-day.ts';
import { WhenVisible } from '../lib/when-visible.tsx';

// Dialogs and the calendar's panels are fetched on first use (the calendar when scrolled near), not with
// the dashboard (the first load stays within 500 KB of JavaScript).
const QuickWinDialog = lazy(() => import('../features/quick-win/components/quick-win-dialog.tsx'));
const CreateQuestDialog = lazy(
  () => import('../features/quests/components/create-quest-dialog.tsx'),
);
const CalendarView = lazy(() => import('../features/calendar/components/calendar-view.tsx'));
const DayPlanner = lazy(() => import('../features/planner/components/day-planner.tsx'));

const panelFallback = <LoadingBlock rows={5} />;

/** Opens a lazily loaded dialog: mounted on first use, kept mounted so it can animate closed. */
function useDialog<T = undefined>() {
  const [state, setState] = useState<{ open: boolean; used: boolean; arg?: T }>({
    open: false,
    used: false,
  });
  return {
    ...state,
    show: useCallback((arg?: T) => setState({ open: true, used: true, arg }), []),
    hide: useCallback(() => setState((s) => ({ ...s, open: false })), []),
  };
}

/** The dashboard composed from its features, with the wizard, quick win and create dialogs. */
export function DashboardRoute() {
  const { today } = useUserDay();
  const day = useDayQuests(today);
  const quests = useQuery(questsQueryOptions);
  const series = useQuery(seriesQueryOptions);
  const lifeTasks = useQuery(lifeTasksQueryOptions);
  const todos = useQuery(todosQueryOptions);
  const wizard = useDialog<{ auto: boolean }>();
  const quickWin = useDialog();
  const create = useDialog<number>();
  const [newUser, setNewUser] = useState(false);

  // The wizard opens by itself after 500 ms for a new user until onboarding is marked complete, unless
  // the user has opened a dialog of their own first (it would open over their choice). Its code is
  // fetched when it offers itself, so that choice may also come after the offer: it withdraws it then
  // (not marked as seen, so the next visit offers it again).
  const choseOwn = quickWin.used || create.used;
  useEffect(() => {
    if (!newUser || choseOwn || wizard.used || isOnboardingComplete()) return;
    const timer = setTimeout(() => wizard.show({ auto: true }), ONBOARDING_AUTO_OPEN_MS);
    return () => clearTimeout(timer);
  }, [newUser, choseOwn, wizard.used, wizard.show]); // eslint-disable-line react-hooks/exhaustive-deps -- show is stable
  const wizardOpen = wizard.open && !(wizard.arg?.auto && choseOwn);

  const counts =
    quests.data && series.data && lifeTasks.data && todos.data
      ? {
          questCount: quests.data.length,
          seriesCount: series.data.length,
          lifeTaskCount: lifeTasks.data.length,
          todoCount: todos.data.length,
        }
      : // A failed read counts as none rather than holding the greeting back for ever.
        quests.isError || series.isError || lifeTasks.isError || todos.isError
        ? {
            questCount: quests.data?.length ?? 0,
            seriesCount: series.data?.length ?? 0,
            lifeTaskCount: lifeTasks.data?.length ?? 0,
            todoCount: todos.data?.length ?? 0,
          }
        : undefined;

  return (
    <QuestManager>
      <DashboardPage
        counts={counts}
        // A failed read shows its own failure state in the tab (and counts none) rather than hold the page.
        todaysCount={day.items?.length ?? (day.isError ? 0 : undefined)}
        onNewUserKnown={setNewUser}
        onCreateFirstQuest={() => wizard.show({ auto: false })}
        onQuickWin={() => quickWin.show()}
        questsPanel={(completedThisWeek) => (
          <TodaysQuests
            completedThisWeek={completedThisWeek}
            onQuickQuest={() => quickWin.show()}
            onCreateQuest={() => create.show()}
            onCreateFirstQuest={() => wizard.show({ auto: false })}
          />
        )}
        calendarPanel={
          <WhenVisible fallback={panelFallback}>
            <Suspense fallback={panelFallback}>
              <CalendarView />
            </Suspense>
          </WhenVisible>
        }
        gridPanel={
          <Suspense fallback={panelFallback}>
            <DayPlanner onAddQuest={(hour) => create.show(hour)} />
          </Suspense>
        }
        lifeTasksPanel={<LifeTasksCard />}
      />
      {wizard.used && (
        <Suspense fallback={null}>
          <QuestWizardDialog
            open={wizardOpen}
            onClose={() => {
              // Dismissing the offer counts as seen: it does not come back on every visit.
              markOnboardingComplete();
              wizard.hide();
            }}
          />
        </Suspense>
      )}
      {quickWin.used && (
        <Suspense fallback={null}>
          <QuickWinDialog open={quickWin.open} onClose={quickWin.hide} />
        </Suspense>
      )}
      {create.used && (
        <Suspense fallback={null}>
          <CreateQuestDialog
            key={create.arg ?? 'none'}
            open={create.open}
            onClose={create.hide}
            defaultHour={create.arg}
          />
        </Suspense>
      )}
    </QuestManager>
  );
}
