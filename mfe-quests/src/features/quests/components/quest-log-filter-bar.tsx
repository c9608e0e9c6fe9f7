import { useId } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { QUEST_CATEGORIES, QUEST_CATEGORY_LABELS, type QuestCategory } from '@levelup/contracts';
import { NO_FILTER, isFiltering, type QuestLogFilter } from '../quest-log-filter.ts';

const categoryOptions = QUEST_CATEGORIES.map((value) => ({
  value,
  label: QUEST_CATEGORY_LABELS[value],
}));

/** Search by title, and a category and a tag to show only; Clear filters empties all three. */
export function QuestLogFilterBar({
  filter,
  tags,
  onChange,
}: {
  filter: QuestLogFilter;
  /** The tags the user's quests carry. */
  tags: readonly string[];
  onChange: (filter: QuestLogFilter) => void;
}) {
  const id = useId();
  return (
    <div
      role="search"
      aria-label="Filter quests"
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
      {isFiltering(filter) && <Button onClick={() => onChange(NO_FILTER)}>Clear filters</Button>}
    </div>
  );
}
