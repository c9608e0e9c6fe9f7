/** Weekday names by JavaScript day number (0 is Sunday), as the weekly steps show them. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
