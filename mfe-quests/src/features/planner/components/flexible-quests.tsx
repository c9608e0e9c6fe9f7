import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { questSection, type Occurrence, type PlannerBlock, type Quest } from '@levelup/contracts';

/**
 * Today's quests without a time: the anytime routines, then each flexible quest with a button that
 * opens the scheduling sheet on its own block (To Do's on the morning one).
 */
export function FlexibleQuests({
  quests,
  anytimeRoutines,
  onSchedule,
}: {
  quests: Quest[];
  anytimeRoutines: Occurrence[];
  onSchedule: (block: PlannerBlock, questId: string) => void;
}) {
  return (
    <section aria-label="Flexible quests">
      <h4 style={{ margin: '0 0 6px' }}>Flexible Quests</h4>
      {quests.length === 0 && anytimeRoutines.length === 0 ? (
        <p style={{ margin: 0, opacity: 0.8 }}>Every quest for today has a time.</p>
      ) : (
        <ul
          aria-label="Quests without a time"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
        >
          {anytimeRoutines.map((o) => (
            <li key={o.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <span style={{ flex: 1 }}>{o.title}</span>
              <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
                Routine, any time today
              </Tag>
            </li>
          ))}
          {quests.map((q) => {
            const section = questSection(q);
            const block: PlannerBlock = section === 'todos' ? 'morning' : section;
            return (
              <li key={q.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <span style={{ flex: 1 }}>{q.title}</span>
                <Button
                  size="small"
                  aria-label={`Schedule ${q.title}`}
                  onClick={() => onSchedule(block, q.id)}
                >
                  Schedule
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
