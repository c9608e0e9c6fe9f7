import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import ClearOutlined from '@ant-design/icons/es/icons/ClearOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ThunderboltOutlined from '@ant-design/icons/es/icons/ThunderboltOutlined';
import { canClearCompleted } from '@levelup/contracts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { useCardHandlers } from '../hooks/use-card-handlers.ts';
import { useDayQuests } from '../hooks/use-day-quests.ts';
import { TimeSections } from './time-sections.tsx';

export interface TodaysQuestsProps {
  completedThisWeek: number | undefined;
  onQuickQuest: () => void;
  onCreateQuest: () => void;
  onCreateFirstQuest: () => void;
}

/**
 * The dashboard's 'Today's Quests' tab: completed-this-week text, Quick Quest, Create
 * Quest, Clear Completed (only when something completed is visible), the time-based view, the empty and
 * failure states.
 */
export function TodaysQuests({
  completedThisWeek,
  onQuickQuest,
  onCreateQuest,
  onCreateFirstQuest,
}: TodaysQuestsProps) {
  const { today, now, timeZone, hour } = useUserDay();
  const day = useDayQuests(today);
  const handlers = useCardHandlers();
  const { clear } = handlers.actions;

  if (day.isPending)
    return (
      <div role="status" aria-label="Loading quests">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (day.isError)
    return (
      <div role="alert" style={{ textAlign: 'center', padding: 16 }}>
        <p style={{ marginBottom: 4 }}>
          <strong>Failed to load quests</strong>
        </p>
        <p>Unable to load your quest data at this time.</p>
        <Button onClick={() => void day.refetch()}>Try Again</Button>
      </div>
    );

  const items = day.items ?? [];
  const showClear = canClearCompleted(day.data.quests, day.data.occurrences);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <span style={{ marginRight: 'auto' }}>
          {completedThisWeek ?? 0} {completedThisWeek === 1 ? 'quest' : 'quests'} completed this
          week
        </span>
        <Button icon={<ThunderboltOutlined aria-hidden="true" />} onClick={onQuickQuest}>
          Quick Quest
        </Button>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={onCreateQuest}>
          Create Quest
        </Button>
        {showClear && (
          <Button
            icon={<ClearOutlined aria-hidden="true" />}
            loading={clear.isPending}
            onClick={() => clear.mutate()}
          >
            Clear Completed
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <p>No quests for today yet</p>
          <Button onClick={onCreateFirstQuest}>Create Your First Quest</Button>
        </div>
      ) : (
        <TimeSections items={items} now={now} timeZone={timeZone} hour={hour} handlers={handlers} />
      )}
    </div>
  );
}
