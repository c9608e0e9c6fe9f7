import { Link } from 'react-router-dom';
import Tag from 'antd/es/tag';
import { seriesCardOccurrence, type Series } from '@levelup/contracts';
import { recurrenceLabel } from '../../../lib/recurrence-label.ts';
import type { CardItem } from './card-item.ts';
import { ManageButtons, QuestCard, type QuestCardHandlers } from './quest-card.tsx';

/** The link from a series card to the habit's statistics page. */
function StatisticsLink({ series }: { series: Series }) {
  return (
    <p style={{ margin: '8px 0 0', fontSize: 13 }}>
      <Link to={`/quests/habits/${series.id}`} aria-label={`Statistics: ${series.title}`}>
        Statistics
      </Link>
    </p>
  );
}

/**
 * A recurring quest in the Quest Log: today's occurrence whatever its state (hidden and cleared ones
 * too, with Un-hide), else yesterday's while on the dashboard (contracts' seriesCardOccurrence); the
 * card acts on that occurrence.
 */
export function SeriesCard({
  series,
  now,
  timeZone,
  handlers,
}: {
  series: Series;
  now: Date;
  timeZone: string;
  handlers: QuestCardHandlers;
}) {
  const occurrence = seriesCardOccurrence(series);
  if (!occurrence)
    return (
      <li
        aria-label={series.title}
        style={{
          listStyle: 'none',
          border: '1px dashed var(--lu-border, rgba(128, 128, 128, 0.35))',
          borderRadius: 10,
          padding: '10px 12px',
        }}
      >
        <strong>{series.title}</strong> <Tag>{recurrenceLabel(series)}</Tag>
        {!series.isActive && <Tag color="orange">Paused</Tag>}
        <p style={{ margin: '6px 0 8px', fontSize: 13, opacity: 0.8 }}>
          Nothing scheduled for today.
        </p>
        {handlers.onManage && (
          <ManageButtons
            item={{
              kind: 'occurrence',
              id: series.id,
              seriesId: series.id,
              seriesActive: series.isActive,
              skipped: true,
              title: series.title,
              description: series.description,
              difficulty: series.difficulty,
              xpReward: series.xpReward,
              isCompleted: false,
              completionType: 'not_completed',
              dueDate: null,
              scheduledTime: null,
              timeOfDay: series.timeOfDay,
              category: series.category,
              timeEstimate: series.timeEstimate,
              createdAt: series.createdAt,
              completedAt: null,
            }}
            done
            onManage={handlers.onManage}
          />
        )}
        <StatisticsLink series={series} />
      </li>
    );
  const item: CardItem = {
    kind: 'occurrence',
    id: occurrence.id,
    title: series.title,
    description: `${recurrenceLabel(series)} · ${series.description}`,
    difficulty: series.difficulty,
    xpReward: occurrence.xpReward,
    isCompleted: occurrence.isCompleted,
    completionType: occurrence.completionType,
    dueDate: null,
    scheduledTime: null,
    timeOfDay: series.timeOfDay,
    category: series.category,
    timeEstimate: series.timeEstimate,
    createdAt: series.createdAt,
    completedAt: null,
    seriesId: series.id,
    seriesActive: series.isActive,
    skipped: occurrence.skipped ?? false,
    hiddenFromDashboard: occurrence.hiddenFromDashboard,
    measure: series.measure ?? null,
    tags: series.tags ?? [],
    amount: occurrence.amount ?? null,
    weekTotal: occurrence.weekTotal ?? null,
    checklist: occurrence.checklist ?? [],
  };
  return (
    <QuestCard
      item={item}
      now={now}
      timeZone={timeZone}
      handlers={handlers}
      footer={<StatisticsLink series={series} />}
    />
  );
}
