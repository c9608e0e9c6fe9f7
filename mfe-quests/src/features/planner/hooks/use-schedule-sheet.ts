import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zonedTimeToInstant, type PlannerBlock } from '@levelup/contracts';
import { useToast } from '@levelup/web-kit';
import { refresh } from '../../../lib/query-keys.ts';
import { scheduleQuest } from '../api/planner-api.ts';

/** Which block the 'Schedule a Quest' sheet is open for, and the quest it was opened from, if any. */
export interface SheetTarget {
  block: PlannerBlock;
  questId?: string;
}

/**
 * The 'Schedule a Quest' sheet's state: the block it is open for, the chosen quest and hour, and
 * the call that gives the quest that hour today in the user's zone (closing the sheet once done).
 */
export function useScheduleSheet(today: string, timeZone: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [sheet, setSheet] = useState<SheetTarget | null>(null);
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

  return {
    sheet,
    openSheet,
    closeSheet: () => setSheet(null),
    chosenQuest,
    setChosenQuest,
    chosenHour,
    setChosenHour,
    confirm: () =>
      chosenQuest &&
      chosenHour !== undefined &&
      schedule.mutate({ id: chosenQuest, hour: chosenHour }),
    scheduling: schedule.isPending,
  };
}

export type ScheduleSheetState = ReturnType<typeof useScheduleSheet>;
