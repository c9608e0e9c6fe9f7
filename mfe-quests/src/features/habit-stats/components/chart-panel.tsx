import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import type { HabitChartProps } from './habit-chart.tsx';

// The chart library loads with the first chart of the habit page, never before.
const HabitChart = lazy(() => import('./habit-chart.tsx'));

const cell = { padding: '4px 8px', textAlign: 'left', borderBottom: '1px solid' } as const;

export interface TableColumn<Row> {
  title: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A plain table of a chart's figures: the chart's text alternative. */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.title}
              scope="col"
              style={{
                ...cell,
                borderColor: 'var(--lu-border, rgba(128,128,128,0.35))',
                textAlign: c.numeric ? 'right' : 'left',
              }}
            >
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) => {
              const Tag = i === 0 ? 'th' : 'td';
              return (
                <Tag
                  key={c.title}
                  {...(i === 0 ? { scope: 'row' } : {})}
                  style={{
                    ...cell,
                    fontWeight: 'normal',
                    borderColor: 'var(--lu-border, rgba(128,128,128,0.2))',
                    textAlign: c.numeric ? 'right' : 'left',
                  }}
                >
                  {c.value(row)}
                </Tag>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A chart with its figures: the chart (an image to assistive technology, described in words) and a
 * "Show as table" button that opens the same figures as a table under it.
 */
export function ChartPanel({
  chart,
  table,
  tableName,
}: {
  chart: HabitChartProps;
  table: ReactNode;
  /** What the table holds, for the button's name ('Show as table: Strength'). */
  tableName: string;
}) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
        <HabitChart {...chart} />
      </Suspense>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={tableId}
        aria-label={`${open ? 'Hide table' : 'Show as table'}: ${tableName}`}
        onClick={() => setOpen((v) => !v)}
        style={{ marginTop: 8 }}
      >
        {open ? 'Hide table' : 'Show as table'}
      </Button>
      <div
        id={tableId}
        hidden={!open}
        role="region"
        aria-label={`${tableName}, table`}
        // Scrolls when long: reachable by keyboard.
        tabIndex={open ? 0 : -1}
        style={{ overflowX: 'auto', maxHeight: 360 }}
      >
        {open && table}
      </div>
    </div>
  );
}
