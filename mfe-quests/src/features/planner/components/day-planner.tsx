import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  DEFAULT_SCHEDULE_HOUR,
  PLANNER_HOURS,
  SECTION_TITLES,
  hourLabel,
  isOnDaySchedule,
  localHour,
  plannerHourBlocks,
  questSection,
  shortDate,
  zonedTimeToInstant,
  type PlannerBlock,
  type Quest,
} from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { useUserDay } from '../../../lib/use-user-day.ts';
import {
  plannerOccurrencesQueryOptions,
  plannerQuestsQueryOptions,
  scheduleQuest,
} from '../api/planner-api.ts';

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
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sheet, setSheet] = useState<{ block: PlannerBlock; questId?: string } | null>(null);
  const [chosenQuest, setChosenQuest] = useState<string | undefined>();
  const [chosenHour, setChosenHour] = useState<number | undefined>();

  const schedule = useMutation({
    mutationFn: ({ id, hour }: { id: string; hour: number }) =>
      scheduleQuest(id, zonedTimeToInstant(today, { hour, minute: 0 }, timeZone).toISOString()),
    onSuccess: (quest) => {
      void refresh(queryClient, ['quests', 'withOccurrences', 'grouped']);
      toast.success({ title: 'Quest Updated!', description: `${quest.title} is scheduled.` });
      setSheet(null);
    },
    onError: () =>
      toast.error({ title: 'Error', description: 'Failed to schedule quest. Please try again.' }),
  });

  const openSheet = (block: PlannerBlock, questId?: string) => {
    setSheet({ block, questId });
    setChosenQuest(questId);
    setChosenHour(undefined);
  };

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
  const sheetQuests = sheet ? flexible.filter((q) => fitsBlock(q, sheet.block)) : [];
  const routinesIn = (block: PlannerBlock) => routines.filter((o) => o.timeOfDay === block);
  const anytimeRoutines = routines.filter((o) => o.timeOfDay === 'anytime');

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
          <section
            key={block}
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
              <Button size="small" onClick={() => openSheet(block)}>
                Schedule
              </Button>
            </div>
            {routinesIn(block).length > 0 && (
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
                {routinesIn(block).map((o) => (
                  <li key={o.id}>
                    <Tag color="geekblue">{o.title}</Tag>
                  </li>
                ))}
              </ul>
            )}
            <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
              {hours.map((hour) => {
                const here = atHour(hour);
                return (
                  <li
                    key={hour}
                    style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 28 }}
                  >
                    <span style={{ width: 48, fontSize: 12, opacity: 0.75 }}>
                      {hourLabel(hour)}
                    </span>
                    {here.length > 0 ? (
                      <span style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                        {here.map((q) => (
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
              })}
            </ol>
          </section>
        ))}
      </div>
      <section aria-label="Flexible quests">
        <h4 style={{ margin: '0 0 6px' }}>Flexible Quests</h4>
        {flexible.length === 0 && anytimeRoutines.length === 0 ? (
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
            {flexible.map((q) => {
              const section = questSection(q);
              const block: PlannerBlock = section === 'todos' ? 'morning' : section;
              return (
                <li key={q.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <span style={{ flex: 1 }}>{q.title}</span>
                  <Button
                    size="small"
                    aria-label={`Schedule ${q.title}`}
                    onClick={() => openSheet(block, q.id)}
                  >
                    Schedule
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <Drawer
        open={sheet !== null}
        placement="bottom"
        size="85%"
        title="Schedule a Quest"
        onClose={() => setSheet(null)}
        destroyOnHidden
      >
        {sheet &&
          (sheetQuests.length === 0 ? (
            <div style={{ textAlign: 'center', padding: 24 }}>
              <strong>No Available Quests</strong>
              <p>Every {SECTION_TITLES[sheet.block].toLowerCase()} quest already has a time.</p>
            </div>
          ) : (
            <div style={{ display: 'grid', gap: 16, maxWidth: 560, margin: '0 auto' }}>
              <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
                <legend style={{ marginBottom: 6 }}>
                  {SECTION_TITLES[sheet.block]} quests without a time
                </legend>
                {sheetQuests.map((q) => (
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
                  options={PLANNER_HOURS[sheet.block].map((hour) => ({
                    value: hour,
                    label: hourLabel(hour),
                  }))}
                />
              </label>
              <Button
                type="primary"
                disabled={!chosenQuest || chosenHour === undefined}
                loading={schedule.isPending}
                onClick={() =>
                  chosenQuest &&
                  chosenHour !== undefined &&
                  schedule.mutate({ id: chosenQuest, hour: chosenHour })
                }
              >
                Confirm
              </Button>
              {chosenHour === undefined && (
                <p style={{ margin: 0, fontSize: 13, opacity: 0.8 }}>
                  Choose an hour to schedule the quest.
                </p>
              )}
            </div>
          ))}
      </Drawer>
    </div>
  );
}
