import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { PLANNER_HOURS, SECTION_TITLES, hourLabel, type Quest } from '@levelup/contracts';
import type { ScheduleSheetState, SheetTarget } from '../hooks/use-schedule-sheet.ts';

/** The sheet's form: a radio per quest of the block without a time, the hour, and Confirm. */
function ScheduleForm({
  target,
  quests,
  state,
}: {
  target: SheetTarget;
  quests: Quest[];
  state: ScheduleSheetState;
}) {
  const { chosenQuest, setChosenQuest, chosenHour, setChosenHour } = state;
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 560, margin: '0 auto' }}>
      <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
        <legend style={{ marginBottom: 6 }}>
          {SECTION_TITLES[target.block]} quests without a time
        </legend>
        {quests.map((q) => (
          <label
            key={q.id}
            style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}
          >
            <input
              type="radio"
              name="schedule-quest"
              value={q.id}
              checked={chosenQuest === q.id}
              onChange={() => setChosenQuest(q.id)}
            />
            {q.title} <Tag color="purple">+{q.xpReward} XP</Tag>
          </label>
        ))}
      </fieldset>
      <label style={{ display: 'grid', gap: 4 }}>
        <span id="schedule-hour">Hour</span>
        <Select
          aria-labelledby="schedule-hour"
          placeholder="Choose an hour"
          value={chosenHour}
          onChange={(hour: number) => setChosenHour(hour)}
          options={PLANNER_HOURS[target.block].map((hour) => ({
            value: hour,
            label: hourLabel(hour),
          }))}
        />
      </label>
      <Button
        type="primary"
        disabled={!chosenQuest || chosenHour === undefined}
        loading={state.scheduling}
        onClick={state.confirm}
      >
        Confirm
      </Button>
      {chosenHour === undefined && (
        <p style={{ margin: 0, fontSize: 13, opacity: 0.8 }}>
          Choose an hour to schedule the quest.
        </p>
      )}
    </div>
  );
}

/**
 * The 'Schedule a Quest' sheet from the bottom (85% of the height): the block's quests without a
 * time to give an hour, or 'No Available Quests' when there are none.
 */
export function ScheduleSheet({ quests, state }: { quests: Quest[]; state: ScheduleSheetState }) {
  const { sheet } = state;
  return (
    <Drawer
      open={sheet !== null}
      placement="bottom"
      size="85%"
      title="Schedule a Quest"
      onClose={state.closeSheet}
      destroyOnHidden
    >
      {sheet &&
        (quests.length === 0 ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <strong>No Available Quests</strong>
            <p>Every {SECTION_TITLES[sheet.block].toLowerCase()} quest already has a time.</p>
          </div>
        ) : (
          <ScheduleForm target={sheet} quests={quests} state={state} />
        ))}
    </Drawer>
  );
}
