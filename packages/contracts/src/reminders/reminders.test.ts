import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  inQuietHours,
  reminderKindEnabled,
  reminderTargetPath,
  updateReminderSettingsRequestSchema,
} from './reminders.ts';

const at = (hh: number, mm = 0) => hh * 60 + mm;

describe('inQuietHours', () => {
  it.each([
    [at(22), true],
    [at(23, 59), true],
    [at(0), true],
    [at(6, 59), true],
    [at(7), false],
    [at(12), false],
    [at(21, 59), false],
  ])('with 22:00-07:00 (over midnight), minute %i is quiet: %s', (minute, quiet) => {
    expect(inQuietHours(minute, { start: '22:00', end: '07:00' })).toBe(quiet);
  });

  it.each([
    [at(12, 59), false],
    [at(13), true],
    [at(14, 59), true],
    [at(15), false],
  ])('with 13:00-15:00 (same day), minute %i is quiet: %s', (minute, quiet) => {
    expect(inQuietHours(minute, { start: '13:00', end: '15:00' })).toBe(quiet);
  });

  it('when start equals end, then nothing is quiet', () => {
    expect(inQuietHours(at(9), { start: '09:00', end: '09:00' })).toBe(false);
  });
});

describe('reminder settings', () => {
  it('when quests are switched off, then quests and occurrences are off and sessions are not', () => {
    const settings = { ...DEFAULT_REMINDER_SETTINGS, quests: false };
    expect(reminderKindEnabled(settings, 'quest')).toBe(false);
    expect(reminderKindEnabled(settings, 'occurrence')).toBe(false);
    expect(reminderKindEnabled(settings, 'session')).toBe(true);
  });

  it('refuses an hour out of range, a malformed time and unknown fields', () => {
    expect(updateReminderSettingsRequestSchema.safeParse({ dailyPlanHour: 24 }).success).toBe(
      false,
    );
    expect(
      updateReminderSettingsRequestSchema.safeParse({ quietHours: { start: '7:00', end: '08:00' } })
        .success,
    ).toBe(false);
    expect(updateReminderSettingsRequestSchema.safeParse({ loud: true }).success).toBe(false);
    expect(updateReminderSettingsRequestSchema.safeParse({ quietHours: null }).success).toBe(true);
  });

  it('a reminder opens the screen of its item', () => {
    expect(reminderTargetPath('quest', 'q 1')).toBe('/quests?focus=q%201');
    expect(reminderTargetPath('session', 's1')).toBe('/sessions?session=s1');
    expect(reminderTargetPath('daily_plan', 'daily-plan')).toBe('/dashboard');
  });
});
