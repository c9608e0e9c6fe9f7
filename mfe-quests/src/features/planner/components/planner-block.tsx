import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  DEFAULT_SCHEDULE_HOUR,
  SECTION_TITLES,
  hourLabel,
  type Occurrence,
  type PlannerBlock,
  type Quest,
} from '@levelup/contracts';

/** One hour of a block: its label, then the quests scheduled at it or 'Add Quest' when empty. */
function HourSlot({
  hour,
  quests,
  onAddQuest,
}: {
  hour: number;
  quests: Quest[];
  onAddQuest: (hour: number) => void;
}) {
  return (
    <li style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 28 }}>
      <span style={{ width: 48, fontSize: 12, opacity: 0.75 }}>{hourLabel(hour)}</span>
      {quests.length > 0 ? (
        <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          {quests.map((q) => (
            <Tag key={q.id} color="purple">
              {q.title}
            </Tag>
          ))}
        </span>
      ) : (
        <Button
          type="text"
          size="small"
          aria-label={`Add Quest at ${hourLabel(hour)}`}
          onClick={() => onAddQuest(hour)}
          style={{ opacity: 0.7 }}
        >
          Add Quest
        </Button>
      )}
    </li>
  );
}

/**
 * A morning, afternoon or evening block: its title with 'add' (at the block's default hour) and
 * 'Schedule' buttons, the block's open routines, and one slot per planner hour.
 */
export function PlannerBlockSection({
  block,
  hours,
  routines,
  questsAt,
  onAddQuest,
  onSchedule,
}: {
  block: PlannerBlock;
  hours: readonly number[];
  routines: Occurrence[];
  questsAt: (hour: number) => Quest[];
  onAddQuest: (hour: number) => void;
  onSchedule: () => void;
}) {
  return (
    <section
      aria-label={`${SECTION_TITLES[block]} block`}
      style={{ border: '1px solid rgba(128, 128, 128, 0.25)', borderRadius: 10, padding: 10 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 8 }}>
        <h4 style={{ margin: 0, flex: 1 }}>{SECTION_TITLES[block]}</h4>
        <Button
          size="small"
          icon={<PlusOutlined aria-hidden="true" />}
          aria-label={`Add ${block === 'afternoon' || block === 'evening' ? 'an' : 'a'} ${block} quest`}
          onClick={() => onAddQuest(DEFAULT_SCHEDULE_HOUR[block])}
        />
        <Button size="small" onClick={onSchedule}>
          Schedule
        </Button>
      </div>
      {routines.length > 0 && (
        <ul
          aria-label={`${SECTION_TITLES[block]} routines`}
          style={{
            listStyle: 'none',
            margin: '0 0 8px',
            padding: 0,
            display: 'flex',
            gap: 4,
            flexWrap: 'wrap',
          }}
        >
          {routines.map((o) => (
            <li key={o.id}>
              <Tag color="geekblue">{o.title}</Tag>
            </li>
          ))}
        </ul>
      )}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {hours.map((hour) => (
          <HourSlot key={hour} hour={hour} quests={questsAt(hour)} onAddQuest={onAddQuest} />
        ))}
      </ol>
    </section>
  );
}
