/** Date and time as the admin pages show them: 11/02/2026, 3:30 PM (the reader's time zone). */
export const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
