import theme from 'antd/es/theme';
import type { HabitStatsResponse } from '@levelup/contracts';
import { dayLabel, daysLabel, WEEKDAY_ROWS } from '../habit-labels.ts';
import { SectionCard } from './section-card.tsx';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A bar as wide as its share of the longest, in the theme's primary colour (decoration only). */
function Bar({ share }: { share: number }) {
  const { token } = theme.useToken();
  return (
    <div aria-hidden="true" style={{ background: token.colorFillSecondary, borderRadius: 4 }}>
      <div
        style={{
          width: `${Math.round(share * 100)}%`,
          minWidth: share > 0 ? 4 : 0,
          height: 8,
          borderRadius: 4,
          background: token.colorPrimary,
        }}
      />
    </div>
  );
}

/** The five longest runs of scheduled days done, as a list that reads as text. */
export function BestStreaks({ streaks }: { streaks: HabitStatsResponse['bestStreaks'] }) {
  const longest = streaks[0]?.length ?? 1;
  return (
    <SectionCard title="Best streaks">
      {streaks.length === 0 ? (
        <p style={{ margin: 0 }}>No streak yet: done days in a row will show here.</p>
      ) : (
        <ol aria-label="Best streaks" style={{ margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {streaks.map((s) => (
            <li key={s.start} style={{ listStyle: 'none' }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <strong>{daysLabel(s.length)}</strong>
                <span style={{ fontSize: 13, opacity: 0.85 }}>
                  {s.start === s.end
                    ? dayLabel(s.start)
                    : `${dayLabel(s.start)} – ${dayLabel(s.end)}`}
                </span>
              </div>
              <Bar share={s.length / longest} />
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

/** Done and scheduled days per weekday, Monday first, as a table with a bar per row. */
export function WeekdayFrequency({ weekdays }: { weekdays: HabitStatsResponse['weekdays'] }) {
  const most = Math.max(1, ...weekdays.map((w) => w.completed));
  const cell = { padding: '4px 6px', textAlign: 'left', fontWeight: 'normal' } as const;
  return (
    <SectionCard title="Weekdays">
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
        <caption style={{ textAlign: 'left', padding: '0 0 6px', opacity: 0.85 }}>
          Days done on each weekday
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, fontWeight: 600 }}>
              Weekday
            </th>
            <th scope="col" style={{ ...cell, fontWeight: 600, textAlign: 'right' }}>
              Done
            </th>
            <th scope="col" style={{ ...cell, fontWeight: 600, width: '45%' }}>
              <span style={visuallyHidden}>Share</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAY_ROWS.map(({ weekday, name, short }) => {
            const row = weekdays.find((w) => w.weekday === weekday);
            const done = row?.completed ?? 0;
            return (
              <tr key={weekday}>
                <th scope="row" style={cell}>
                  <abbr title={name} style={{ textDecoration: 'none' }}>
                    {short}
                  </abbr>
                </th>
                <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {done} of {row?.scheduled ?? 0}
                </td>
                <td style={cell}>
                  <Bar share={done / most} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </SectionCard>
  );
}
