import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import { dashboardHeading, isNewUser, type NewUserInput } from '@levelup/contracts';
import { FirstScreenOr, releaseFirstScreen, useProfile, useToast, XpBar } from '@levelup/web-kit';
import { TabCard } from '../../../lib/tab-card.tsx';
import { activeGoals, goalsQueryOptions } from '../api/goals-api.ts';
import { overviewQueryOptions } from '../api/overview-api.ts';
import { Celebrations } from './celebrations.tsx';
import { ActiveGoals } from './active-goals.tsx';
import { QuickActions } from './quick-actions.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { WelcomePanel } from './welcome-panel.tsx';

const headerStyle = {
  display: 'flex',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
  alignItems: 'center',
} as const;

// The celebration (a Modal) is fetched only when a level-up happens.

export type ItemCounts = Omit<NewUserInput, 'overview' | 'goalCount'>;

export interface DashboardPageProps {
  /** Quest, series, todo and life-task counts (undefined while loading): part of the new-user rule. */
  counts: ItemCounts | undefined;
  /** How many quests and occurrences today's tab holds (undefined while loading; 0 if the read failed). */
  todaysCount: number | undefined;
  /** The 'Today's Quests' tab, given the week's completed count; composed by routes.tsx. */
  questsPanel: (completedThisWeek: number | undefined) => ReactNode;
  calendarPanel: ReactNode;
  gridPanel: ReactNode;
  lifeTasksPanel: ReactNode;
  onCreateFirstQuest: () => void;
  onQuickWin: () => void;
  /** Called once the new-user rule is known (the wizard's onboarding auto-open hangs on it). */
  onNewUserKnown?: (newUser: boolean) => void;
}

/**
 * The dashboard: greeting, XP bar, streak and week, the welcome panel for new users,
 * 'Daily Management', 'Interactive Activity Calendar', recent activity, life tasks, Quick Actions and
 * the level-up and goal-achieved celebrations.
 */
export function DashboardPage(props: DashboardPageProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { data: profile } = useProfile();
  const overview = useQuery(overviewQueryOptions);
  const goals = useQuery(goalsQueryOptions);
  const { counts, onNewUserKnown } = props;

  const headingReady = !!profile && counts !== undefined && !overview.isPending && !goals.isPending;
  const newUser =
    headingReady &&
    isNewUser({ overview: overview.data, goalCount: goals.data?.length ?? 0, ...counts });

  useEffect(() => {
    if (headingReady) onNewUserKnown?.(newUser);
  }, [headingReady, newUser, onNewUserKnown]);

  // Until this page's own data is in (svc-quests and the profile, today's quests included; goals may come
  // later or fail), it is one placeholder, then appears whole and stays: cards drawn earlier would be
  // pushed down when the heading and the welcome panel arrive, and the cards below 'Daily Management'
  // when today's quests replace their skeleton (layout shift). The reveal is a transition,
  // which React renders in slices that leave the main thread free in between, not one long task.
  const pageReady =
    !!profile && counts !== undefined && props.todaysCount !== undefined && !overview.isPending;
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (pageReady) startTransition(() => setRevealed(true));
  }, [pageReady]);
  // Whole now: the server's first screen, shown until here in its place, is no longer needed.
  useEffect(() => {
    if (revealed) releaseFirstScreen();
  }, [revealed]);

  useEffect(() => {
    if (overview.isError)
      toast.error({
        title: 'Failed to load dashboard overview',
        description: 'Please try refreshing the page',
      });
  }, [overview.isError, toast]);

  const pageLinks = (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button onClick={() => navigate('/quests')}>View Quests</Button>
      <Button onClick={() => navigate('/goals')}>Manage Goals</Button>
    </div>
  );
  if (!revealed || !profile)
    return (
      <FirstScreenOr
        fallback={
          <div style={{ display: 'grid', gap: 24 }}>
            <header style={headerStyle}>
              <Skeleton.Input active style={{ width: 360 }} aria-label="Loading your dashboard" />
              {pageLinks}
            </header>
            <Card>
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </div>
        }
      />
    );

  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <header style={headerStyle}>
        {headingReady ? (
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            <h1 style={{ margin: 0, fontSize: 28 }}>
              {/* Level from total XP with the contracts' rule, so an optimistic XP change moves it at once. */}
              {dashboardHeading(newUser, profile.xp)}
            </h1>
            {profile.isFounder && profile.userNumber !== null && (
              <Tag color="gold">Founder #{profile.userNumber}</Tag>
            )}
          </div>
        ) : (
          <Skeleton.Input active style={{ width: 360 }} aria-label="Loading your dashboard" />
        )}
        {pageLinks}
      </header>

      {newUser && (
        <WelcomePanel onCreateFirstQuest={props.onCreateFirstQuest} onQuickWin={props.onQuickWin} />
      )}

      <Card>
        <XpBar totalXp={profile.xp} />
        <div style={{ display: 'flex', gap: 32, marginTop: 16, flexWrap: 'wrap' }}>
          <Statistic title="Day streak" value={overview.data?.currentStreak ?? 0} />
          <Statistic
            title="Quests completed this week"
            value={overview.data?.questsCompletedThisWeek ?? 0}
          />
        </div>
      </Card>

      <TabCard
        title="Daily Management"
        tabs={[
          {
            key: 'quests',
            label: `Today's Quests (${props.todaysCount ?? 0})`,
            panel: props.questsPanel(overview.data?.questsCompletedThisWeek),
          },
          {
            key: 'goals',
            label: `Active Goals (${activeGoals(goals.data ?? []).length})`,
            panel: <ActiveGoals completedGoalsCount={overview.data?.completedGoalsCount ?? 0} />,
          },
        ]}
      />

      <TabCard
        title="Interactive Activity Calendar"
        tabs={[
          { key: 'calendar', label: 'Calendar View', panel: props.calendarPanel },
          { key: 'grid', label: 'Grid View', panel: props.gridPanel },
        ]}
      />

      <div
        style={{
          display: 'grid',
          gap: 24,
          gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
          alignItems: 'start',
        }}
      >
        {props.lifeTasksPanel}
        <RecentActivity />
      </div>

      <QuickActions />

      <Celebrations totalXp={profile.xp} goals={goals.data} />
    </div>
  );
}
