import { queryOptions } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { queryOf } from '@levelup/web-kit';

export const reminderSettingsQuery = queryOf(API.getReminderSettings);

export const remindersQuery = queryOptions({
  ...queryOf(API.listReminders),
  // Reminders come due while the page is open.
  refetchInterval: 60_000,
});
