import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import {
  isOnDaySchedule,
  localHour,
  plannerHourBlocks,
  questSection,
  shortDate,
  type PlannerBlock,
  type Quest,
} from '@levelup/contracts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import { plannerOccurrencesQueryOptions, plannerQuestsQueryOptions } from '../api/planner-api.ts';
import { useScheduleSheet } from '../hooks/use-schedule-sheet.ts';
import { FlexibleQuests } from './flexible-quests.tsx';
import { PlannerBlockSection } from './planner-block.tsx';
import { ScheduleSheet } from './schedule-sheet.tsx';

/** Whether an unscheduled quest fits a block: its own section, or To Do's (anytime fits every block). */
function fitsBlock(quest: Quest, block: PlannerBlock) {
  const section = questSection(quest);
  return section === block || section === 'todos';
}

/**
 * Grid View: 'Today's Schedule' as a day planner: morning, afternoon and evening
 * blocks with hourly slots (contracts' planner hours) and the day's open routines (series occurrences)
 * of that time of day, 'Add Quest' on an empty hour, the flexible quests with a schedule button each and
 * the anytime routines, and the 'Schedule a Quest' sheet (85% of the height).
 */
export default function DayPlanner({ onAddQuest }: { onAddQuest: (hour: number) => void }) {
  const { today, now, timeZone } = useUserDay();
  const quests = useQuery(plannerQuestsQueryOptions);
  // Routines of the day: a failed read leaves them out rather than the whole schedule.
  const routines = useQuery(plannerOccurrencesQueryOptions(today)).data ?? [];
  const sheet = useScheduleSheet(today, timeZone);

  if (quests.isPending)
    return (
      <div role="status" aria-label="Loading schedule">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (quests.isError)
    return (
      <div role="alert" style={{ textAlign: 'center' }}>
        <p>Failed to load quests</p>
        <Button onClick={() => void quests.refetch()}>Try Again</Button>
      </div>
    );

  const onDay = quests.data.filter((q) => isOnDaySchedule(q, today, now, timeZone));
  const scheduled = onDay.filter((q) => q.scheduledTime);
  const flexible = onDay.filter((q) => !q.scheduledTime);
  const atHour = (hour: number) =>
    scheduled.filter((q) => localHour(new Date(q.scheduledTime!), timeZone) === hour);
  const target = sheet.sheet;
  const sheetQuests = target ? flexible.filter((q) => fitsBlock(q, target.block)) : [];

  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <h3 style={{ margin: 0, fontSize: 16 }}>
        Today&apos;s Schedule{' '}
        <span style={{ fontWeight: 400, opacity: 0.75 }}>{shortDate(today)}</span>
      </h3>
      <div
        style={{
          display: 'grid',
          gap: 12,
          gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
        }}
      >
        {plannerHourBlocks().map(({ block, hours }) => (
          <PlannerBlockSection
            key={block}
            block={block}
            hours={hours}
            routines={routines.filter((o) => o.timeOfDay === block)}
            questsAt={atHour}
            onAddQuest={onAddQuest}
            onSchedule={() => sheet.openSheet(block)}
          />
        ))}
      </div>
      <FlexibleQuests
        quests={flexible}
        anytimeRoutines={routines.filter((o) => o.timeOfDay === 'anytime')}
        onSchedule={sheet.openSheet}
      />
      <ScheduleSheet quests={sheetQuests} state={sheet} />
    </div>
  );
}
