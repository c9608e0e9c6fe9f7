import { useId } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { QUEST_CATEGORIES, QUEST_CATEGORY_LABELS, type QuestCategory } from '@levelup/contracts';
import {
  NO_FILTER,
  QUEST_STATES,
  QUEST_STATE_LABELS,
  isFiltering,
  type QuestLogFilter,
  type QuestState,
} from '../quest-log-filter.ts';

const categoryOptions = QUEST_CATEGORIES.map((value) => ({
  value,
  label: QUEST_CATEGORY_LABELS[value],
}));
const stateOptions = QUEST_STATES.map((value) => ({ value, label: QUEST_STATE_LABELS[value] }));

/**
 * Search by title, and a category, a tag and a state (open or done) to show only; Clear filters
 * empties all four.
 */
export function QuestLogFilterBar({
  filter,
  tags,
  onChange,
  label = 'Filter quests',
}: {
  filter: QuestLogFilter;
  /** The tags the user's quests carry. */
  tags: readonly string[];
  onChange: (filter: QuestLogFilter) => void;
  /** The search landmark's name (two pages may each have one). */
  label?: string;
}) {
  const id = useId();
  return (
    <div
      role="search"
      aria-label={label}
      style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginBottom: 16 }}
    >
      <Input.Search
        aria-label="Search quests by title"
        placeholder="Search quests"
        allowClear
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.target.value })}
        style={{ flex: '2 1 220px' }}
      />
      <Select<QuestCategory>
        id={`${id}-category`}
        aria-label="Category"
        placeholder="All categories"
        allowClear
        value={filter.category ?? undefined}
        options={categoryOptions}
        onChange={(category) => onChange({ ...filter, category: category ?? null })}
        style={{ flex: '1 1 160px' }}
      />
      <Select<string>
        id={`${id}-tag`}
        aria-label="Tag"
        placeholder="All tags"
        allowClear
        notFoundContent="No tags yet: add some to a quest in its edit dialog"
        value={filter.tag ?? undefined}
        options={tags.map((tag) => ({ value: tag, label: tag }))}
        onChange={(tag) => onChange({ ...filter, tag: tag ?? null })}
        style={{ flex: '1 1 140px' }}
      />
      <Select<QuestState>
        id={`${id}-state`}
        aria-label="State"
        placeholder="Open or done"
        allowClear
        value={filter.state ?? undefined}
        options={stateOptions}
        onChange={(state) => onChange({ ...filter, state: state ?? null })}
        style={{ flex: '1 1 120px' }}
      />
      {isFiltering(filter) && <Button onClick={() => onChange(NO_FILTER)}>Clear filters</Button>}
    </div>
  );
}
