import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ReminderSettings, type UpdateReminderSettingsRequest } from '@levelup/contracts';
import { call, queryKeyOf, readsOf } from '@levelup/web-kit';
import { reminderSettingsQuery } from './reminders-api.ts';

/**
 * The reminder settings and their save: `current` shows a change being saved straight away, `busy`
 * holds the controls while settings load or a change is saved, and a saved change refreshes the
 * reminder list.
 */
export function useReminderSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(reminderSettingsQuery);
  const save = useMutation({
    mutationFn: (change: UpdateReminderSettingsRequest) =>
      call(API.updateReminderSettings, { body: change }),
    onSuccess: (next: ReminderSettings) => {
      queryClient.setQueryData(queryKeyOf(API.getReminderSettings), next);
      void queryClient.invalidateQueries({ predicate: readsOf(API.listReminders) });
    },
  });
  const current =
    save.isPending && save.variables && settings.data
      ? { ...settings.data, ...save.variables }
      : settings.data;
  return { settings, save, current, busy: !current || save.isPending };
}

/** The settings' controls' common props: the settings shown, whether they are held, and the save. */
export interface SettingsControls {
  current: ReminderSettings;
  busy: boolean;
  change: (change: UpdateReminderSettingsRequest) => void;
}
