import { API } from '@levelup/contracts';
import { call, queryKeyOf } from '@levelup/web-kit';

export const reminderSettingsQuery = {
  queryKey: queryKeyOf(API.getReminderSettings),
  queryFn: () => call(API.getReminderSettings),
};

export const remindersQuery = {
  queryKey: queryKeyOf(API.listReminders),
  queryFn: () => call(API.listReminders),
  // Reminders come due while the page is open.
  refetchInterval: 60_000,
};
