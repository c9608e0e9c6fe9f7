import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { sortDashboardQuests, type Quest, type Series } from '@levelup/contracts';
import { PageHeader } from '@levelup/web-kit';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { questLogQueryOptions } from '../api/quests-api.ts';
import { seriesQueryOptions } from '../api/series-api.ts';
import { useCardHandlers } from '../hooks/use-card-handlers.ts';
import { useAddressFilter } from '../hooks/use-address-filter.ts';
import { isFiltering, matchesFilter, tagsInUse, type QuestLogFilter } from '../quest-log-filter.ts';
import { questItem } from './card-item.ts';
import { FilterBarOnDemand } from './filter-bar-on-demand.tsx';
import { QuestCard, type QuestCardHandlers } from './quest-card.tsx';
import { SeriesCard } from './series-card.tsx';

const grid = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  alignItems: 'start',
} as const;

/**
 * /quests (the Quest Log): Regular Quests and Recurring Quests grids, searched and filtered by the bar
 * above them. The log keeps done quests that Clear Completed took off the dashboard; 'Show completed'
 * filters them.
 */
export function QuestLogPage({
  onStartNewQuest,
  onImport,
}: {
  onStartNewQuest: () => void;
  /** Opens Import habits (from Habitica or Loop Habit Tracker). */
  onImport?: () => void;
}) {
  const quests = useQuery(questLogQueryOptions);
  const series = useQuery(seriesQueryOptions);
  const [filter, setFilter] = useAddressFilter();
  const handlers = useCardHandlers();
  const day = useUserDay();
  const pending = quests.isPending || series.isPending;
  const failed = quests.isError || series.isError;
  return (
    <>
      <PageHeader
        title="Quest Log"
        actions={
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {onImport && <Button onClick={onImport}>Import habits</Button>}
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={onStartNewQuest}
            >
              Start New Quest
            </Button>
          </div>
        }
      />
      {pending ? (
        <div role="status" aria-label="Loading quests">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : failed ? (
        <Card>
          <div role="alert" style={{ textAlign: 'center' }}>
            <p style={{ marginBottom: 4 }}>
              <strong>Failed to load quests</strong>
            </p>
            <p>Unable to load your quest data at this time.</p>
            <Button
              onClick={() => {
                void quests.refetch();
                void series.refetch();
              }}
            >
              Try Again
            </Button>
          </div>
        </Card>
      ) : quests.data.length === 0 && series.data.length === 0 ? (
        <Card>
          <div style={{ textAlign: 'center' }}>
            <p>No quests yet</p>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button onClick={onStartNewQuest}>Start New Quest</Button>
              {onImport && <Button onClick={onImport}>Import from Habitica or Loop</Button>}
            </div>
            {onImport && (
              <p style={{ marginTop: 12, marginBottom: 0 }}>
                Already keep habits elsewhere? Bring them and their streaks with you.
              </p>
            )}
          </div>
        </Card>
      ) : (
        <>
          <FilterBarOnDemand
            filter={filter}
            tags={tagsInUse([...quests.data, ...series.data])}
            onChange={setFilter}
          />
          <div style={{ display: 'grid', gap: 24 }}>
            <RegularQuests quests={quests.data} filter={filter} day={day} handlers={handlers} />
            <RecurringQuests series={series.data} filter={filter} day={day} handlers={handlers} />
          </div>
        </>
      )}
    </>
  );
}

const NO_MATCH = 'No quests match this filter.';

interface GridProps {
  filter: QuestLogFilter;
  day: { now: Date; timeZone: string };
  handlers: QuestCardHandlers;
}

function RegularQuests({ quests, filter, day, handlers }: GridProps & { quests: Quest[] }) {
  const [showCompleted, setShowCompleted] = useState(true);
  const { now, timeZone } = day;
  const matching = quests.filter((quest) =>
    matchesFilter(quest, filter, { done: quest.isCompleted }),
  );
  // Asking for done quests shows them whatever the switch says.
  const shown =
    showCompleted || filter.state === 'done'
      ? matching
      : matching.filter((quest) => !quest.isCompleted);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Regular Quests</h2>}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', fontSize: 14 }}>
          <Switch size="small" checked={showCompleted} onChange={setShowCompleted} />
          Show completed
        </label>
      </div>
      {quests.length === 0 ? (
        <p style={{ margin: 0 }}>No one-time quests yet.</p>
      ) : matching.length === 0 ? (
        <p style={{ margin: 0 }}>{NO_MATCH}</p>
      ) : shown.length === 0 ? (
        <p style={{ margin: 0 }}>Every quest here is completed.</p>
      ) : (
        <ul aria-label="Regular quests" style={grid}>
          {sortDashboardQuests(shown, now, timeZone).map((quest) => (
            <QuestCard
              key={quest.id}
              item={questItem(quest)}
              now={now}
              timeZone={timeZone}
              handlers={handlers}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecurringQuests({ series, filter, day, handlers }: GridProps & { series: Series[] }) {
  const { now, timeZone } = day;
  // A routine's state is its day in view: today's occurrence, none when today is not one of its days.
  const shown = series.filter((s) =>
    matchesFilter(
      s,
      filter,
      s.todaysOccurrence && {
        done: s.todaysOccurrence.isCompleted,
        skipped: s.todaysOccurrence.skipped,
      },
    ),
  );
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Recurring Quests</h2>}
      extra={series.length > 0 && <Link to="/quests/habits">Habit statistics</Link>}
    >
      {series.length === 0 ? (
        <p style={{ margin: 0 }}>No recurring quests yet.</p>
      ) : shown.length === 0 ? (
        <p style={{ margin: 0 }}>{isFiltering(filter) ? NO_MATCH : 'No recurring quests yet.'}</p>
      ) : (
        <ul aria-label="Recurring quests" style={grid}>
          {shown.map((s) => (
            <SeriesCard key={s.id} series={s} now={now} timeZone={timeZone} handlers={handlers} />
          ))}
        </ul>
      )}
    </Card>
  );
}
