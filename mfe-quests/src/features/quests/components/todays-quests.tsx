import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import ClearOutlined from '@ant-design/icons/es/icons/ClearOutlined';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ThunderboltOutlined from '@ant-design/icons/es/icons/ThunderboltOutlined';
import { canClearCompleted } from '@levelup/contracts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { seriesQueryOptions } from '../api/series-api.ts';
import { useAddressFilter } from '../hooks/use-address-filter.ts';
import { useCardHandlers } from '../hooks/use-card-handlers.ts';
import { useDayQuests } from '../hooks/use-day-quests.ts';
import {
  NO_FILTER,
  isFiltering,
  matchesFilter,
  tagsInUse,
  type QuestLogFilter,
} from '../quest-log-filter.ts';
import type { CardItem } from './card-item.ts';
import { FilterBarOnDemand } from './filter-bar-on-demand.tsx';
import { TimeSections } from './time-sections.tsx';

export interface TodaysQuestsProps {
  completedThisWeek: number | undefined;
  onQuickQuest: () => void;
  onCreateQuest: () => void;
  onCreateFirstQuest: () => void;
}

/**
 * The day's cards that pass the filter. A routine's day carries no tags of its own: they are its
 * series', read only while a filter is open (the first screen does without that call).
 */
function useFilteredItems(items: readonly CardItem[], filter: QuestLogFilter, filterOpen: boolean) {
  const series = useQuery({ ...seriesQueryOptions, enabled: filterOpen });
  const seriesTags = new Map((series.data ?? []).map((s) => [s.id, s.tags ?? []]));
  const tagged = items.map((item) =>
    item.seriesId ? { ...item, tags: seriesTags.get(item.seriesId) ?? [] } : item,
  );
  const shown = tagged.filter((item) =>
    matchesFilter(item, filter, { done: item.isCompleted, skipped: item.skipped }),
  );
  return { shown, tags: tagsInUse(tagged) };
}

/**
 * The dashboard's 'Today's Quests' tab: completed-this-week text, Quick Quest, Create
 * Quest, Clear Completed (only when something completed is visible), Filter (search, category, tag
 * and state, kept in the address as on the Quest Log), the time-based view, the empty and failure
 * states.
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
  const [filterShown, setFilterShown] = useState(false);
  const [filter, setFilter] = useAddressFilter();
  const filterOpen = filterShown || isFiltering(filter);
  const { shown, tags } = useFilteredItems(day.items ?? [], filter, filterOpen);

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
        <Button
          icon={<FilterOutlined aria-hidden="true" />}
          aria-expanded={filterOpen}
          aria-controls="todays-quests-filter"
          // Closing the bar also ends its filter: nothing stays hidden by a filter out of sight.
          onClick={() => {
            if (filterOpen) setFilter(NO_FILTER);
            setFilterShown(!filterOpen);
          }}
        >
          Filter
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
      {filterOpen && (
        <div id="todays-quests-filter">
          <FilterBarOnDemand
            filter={filter}
            tags={tags}
            onChange={setFilter}
            label="Filter today's quests"
          />
        </div>
      )}
      {items.length === 0 ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <p>No quests for today yet</p>
          <Button onClick={onCreateFirstQuest}>Create Your First Quest</Button>
        </div>
      ) : shown.length === 0 ? (
        <p style={{ textAlign: 'center', padding: 24, margin: 0 }}>No quests match this filter.</p>
      ) : (
        <TimeSections items={shown} now={now} timeZone={timeZone} hour={hour} handlers={handlers} />
      )}
    </div>
  );
}
