/** An instant given as a Date or an ISO string (a response field); null/undefined stay null. */
export function toInstant(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
