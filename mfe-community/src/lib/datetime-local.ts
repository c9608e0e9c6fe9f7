/** A `datetime-local` input's value (the browser's local time) as an ISO instant, or '' when empty. */
export function localInputToIso(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The `datetime-local` value of an instant in the browser's zone (minutes precision). */
export function isoToLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** An antd rule for a `datetime-local` field: refused with `message` unless it holds a date and time. */
export function dateTimeRule(message: string) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (!localInputToIso(value)) throw new Error(message);
    },
  };
}
