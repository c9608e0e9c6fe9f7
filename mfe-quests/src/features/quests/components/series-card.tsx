import Tag from 'antd/es/tag';
import { seriesCardOccurrence, type Series } from '@levelup/contracts';
import type { CardItem } from './card-item.ts';
import { ManageButtons, QuestCard, type QuestCardHandlers } from './quest-card.tsx';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'Daily', 'Weekly: Mon, Wed', 'Every 2 weeks: Fri', 'Monthly'. */
export function recurrenceLabel(series: Series): string {
  const every = series.recurrenceInterval > 1;
  switch (series.recurrenceType) {
    case 'daily':
      return every ? `Every ${series.recurrenceInterval} days` : 'Daily';
    case 'weekly': {
      const days = (series.weeklyPattern ?? []).map((d) => WEEKDAYS[d]).join(', ');
      return `${every ? `Every ${series.recurrenceInterval} weeks` : 'Weekly'}: ${days}`;
    }
    case 'monthly':
      return every ? `Every ${series.recurrenceInterval} months` : 'Monthly';
    default:
      return 'Recurring';
  }
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
  };
  return <QuestCard item={item} now={now} timeZone={timeZone} handlers={handlers} />;
}
