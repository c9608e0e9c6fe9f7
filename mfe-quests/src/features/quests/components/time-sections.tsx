import Collapse from 'antd/es/collapse';
import Progress from 'antd/es/progress';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import {
  SECTION_TITLES,
  emptySectionText,
  isOccurrenceDone,
  questCountLabel,
  questSection,
  sectionForHour,
  sectionProgress,
  sortDashboardQuests,
  type QuestSection,
} from '@levelup/contracts';
import type { CardItem } from './card-item.ts';
import { QuestCard, type QuestCardHandlers } from './quest-card.tsx';

const SECTIONS: QuestSection[] = ['morning', 'afternoon', 'evening', 'todos'];
const SECTION_HOURS: Record<QuestSection, string> = {
  morning: '6am-12pm',
  afternoon: '12pm-6pm',
  evening: '6pm-6am',
  todos: 'Anytime',
};
/** The hint under an empty section: the category that lands a quest there. */
const SECTION_HINT: Record<QuestSection, string> = {
  morning: 'Create a quest for the morning, or with the Morning Routine category, to see it here.',
  afternoon:
    'Create a quest for the afternoon, or with the Work Focus or Learning category, to see it here.',
  evening:
    'Create a quest for the evening, or with the Evening Routine or Self Care category, to see it here.',
  todos: 'Create a quest for anytime, or with the Chores & Errands category, to see it here.',
};

/**
 * The time-based quest view: Morning, Afternoon, Evening and To Do's, each with its
 * count, 'done/total completed' and percent; the section of the current hour open by default.
 */
export function TimeSections({
  items,
  now,
  timeZone,
  hour,
  handlers,
}: {
  items: readonly CardItem[];
  now: Date;
  timeZone: string;
  hour: number;
  handlers: QuestCardHandlers;
}) {
  const bySection = new Map<QuestSection, CardItem[]>(SECTIONS.map((s) => [s, []]));
  // A partial occurrence is already isCompleted (a done occurrence), so it sorts with the done ones.
  for (const item of sortDashboardQuests(items, now, timeZone))
    bySection.get(questSection(item))?.push(item);

  return (
    <Collapse
      // The current time of day's section is open, and To Do's too: 'Anytime' is always now.
      defaultActiveKey={[sectionForHour(hour), 'todos']}
      items={SECTIONS.map((section) => {
        const list = bySection.get(section) ?? [];
        const done = list.filter(isOccurrenceDone).length;
        const progress = sectionProgress(done, list.length);
        return {
          key: section,
          label: (
            <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
              <strong>{SECTION_TITLES[section]}</strong>
              <span style={{ fontSize: 12, opacity: 0.75 }}>{SECTION_HOURS[section]}</span>
              <span style={{ fontSize: 13 }}>{questCountLabel(list.length)}</span>
              <span style={{ fontSize: 13, marginLeft: 'auto' }}>{progress.text}</span>
              <Progress
                type="circle"
                size={28}
                percent={progress.percent}
                aria-label={`${SECTION_TITLES[section]} ${progress.percent}% done`}
                // A whole '100%' does not fit the small ring: a tick says it.
                format={(p) =>
                  p === 100 ? (
                    <CheckOutlined aria-hidden="true" style={{ fontSize: 11 }} />
                  ) : (
                    <span style={{ fontSize: 9 }}>{p}%</span>
                  )
                }
              />
            </div>
          ),
          children:
            list.length === 0 ? (
              <div style={{ textAlign: 'center', padding: 8 }}>
                <p style={{ margin: 0 }}>{emptySectionText(section)}</p>
                <p style={{ margin: '4px 0 0', fontSize: 13, opacity: 0.75 }}>
                  {SECTION_HINT[section]}
                </p>
              </div>
            ) : (
              <ul
                aria-label={`${SECTION_TITLES[section]} quests`}
                style={{ margin: 0, padding: 0, display: 'grid', gap: 8 }}
              >
                {list.map((item) => (
                  <QuestCard
                    key={item.id}
                    item={item}
                    now={now}
                    timeZone={timeZone}
                    handlers={handlers}
                  />
                ))}
              </ul>
            ),
        };
      })}
    />
  );
}
