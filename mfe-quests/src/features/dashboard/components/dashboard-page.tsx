import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import { isNewUser, levelProgress } from '@levelup/contracts';
import { useProfile, XpBar } from '@levelup/web-kit';
import { activeGoals, goalsQueryOptions } from '../api/goals-api.ts';
import { overviewQueryOptions } from '../api/overview-api.ts';
import { useLevelUp } from '../hooks/use-level-up.ts';
import { ActiveGoals } from './active-goals.tsx';
import { DailyManagement } from './daily-management.tsx';

// The celebration (a Modal) is fetched only when a level-up happens.
const LevelUpDialog = lazy(() => import('./level-up-dialog.tsx'));

interface DashboardPageProps {
  /** How many quests the user has (undefined while loading); part of the new-user rule. */
  questCount: number | undefined;
  /** The 'Today's Quests' tab content, composed by routes.tsx. */
  questsPanel: ReactNode;
}

/** The dashboard (core.md section 2): welcome heading, XP bar, stats, today's quests, level-up dialog. */
export function DashboardPage({ questCount, questsPanel }: DashboardPageProps) {
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const overview = useQuery(overviewQueryOptions);
  const goals = useQuery(goalsQueryOptions);
  // Level from total XP with the contracts' rule, so an optimistic XP change moves it at once.
  const level = profile ? levelProgress(profile.xp).level : undefined;
  const { celebratingLevel, dismiss } = useLevelUp(level);

  const headingReady =
    profile && questCount !== undefined && !overview.isPending && !goals.isPending;
  const newUser =
    headingReady &&
    isNewUser({
      overview: overview.data,
      questCount,
      goalCount: goals.data?.length ?? 0,
      // Series, todos and life tasks arrive with their features; until then there are none.
      seriesCount: 0,
      todoCount: 0,
      lifeTaskCount: 0,
    });

  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 16,
          flexWrap: 'wrap',
          alignItems: 'center',
        }}
      >
        {headingReady ? (
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            <h1 style={{ margin: 0, fontSize: 28 }}>
              {newUser ? 'Welcome, New Adventurer!' : `Welcome back, Level ${level} Adventurer!`}
            </h1>
            {profile.isFounder && profile.userNumber !== null && (
              <Tag color="gold">Founder #{profile.userNumber}</Tag>
            )}
          </div>
        ) : (
          <Skeleton.Input active style={{ width: 360 }} aria-label="Loading your dashboard" />
        )}
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={() => navigate('/quests')}>View Quests</Button>
          <Button onClick={() => navigate('/goals')}>Manage Goals</Button>
        </div>
      </header>

      <Card>
        {profile ? <XpBar totalXp={profile.xp} /> : <Skeleton active paragraph={{ rows: 1 }} />}
        <div style={{ display: 'flex', gap: 32, marginTop: 16, flexWrap: 'wrap' }}>
          <Statistic title="Day streak" value={overview.data?.currentStreak ?? 0} />
          <Statistic
            title="Quests completed this week"
            value={overview.data?.questsCompletedThisWeek ?? 0}
          />
        </div>
      </Card>

      <DailyManagement
        tabs={[
          { key: 'quests', label: `Today's Quests (${questCount ?? 0})`, panel: questsPanel },
          {
            key: 'goals',
            label: `Active Goals (${activeGoals(goals.data ?? []).length})`,
            panel: <ActiveGoals completedGoalsCount={overview.data?.completedGoalsCount ?? 0} />,
          },
        ]}
      />

      {celebratingLevel !== null && (
        <Suspense fallback={null}>
          <LevelUpDialog level={celebratingLevel} onClose={dismiss} />
        </Suspense>
      )}
    </div>
  );
}
