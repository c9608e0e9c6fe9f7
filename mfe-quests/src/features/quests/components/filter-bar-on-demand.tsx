import { lazy, Suspense, type ComponentProps } from 'react';
import Skeleton from 'antd/es/skeleton';

// The filter bar (a search field and three selects) is fetched on its first showing: its fields are most
// of a select's and an input's code, which the first dashboard load would otherwise carry for everyone.
const QuestLogFilterBar = lazy(async () => ({
  default: (await import('./quest-log-filter-bar.tsx')).QuestLogFilterBar,
}));

/** The Quest Log's filter bar, with a placeholder of its first row while its code loads. */
export function FilterBarOnDemand(props: ComponentProps<typeof QuestLogFilterBar>) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading the filter" style={{ marginBottom: 16 }}>
          <Skeleton.Input active block />
        </div>
      }
    >
      <QuestLogFilterBar {...props} />
    </Suspense>
  );
}
