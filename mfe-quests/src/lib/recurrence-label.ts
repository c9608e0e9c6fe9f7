import type { Series } from '@levelup/contracts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'Daily', 'Weekly: Mon, Wed', 'Every 2 weeks: Fri', 'Monthly'. */
export function recurrenceLabel(
  series: Pick<Series, 'recurrenceType' | 'recurrenceInterval' | 'weeklyPattern'>,
): string {
  const every = series.recurrenceInterval > 1;
  switch (series.recurrenceType) {
    case 'daily':
      return every ? `Every ${series.recurrenceInterval} days` : 'Daily';
    case 'weekly': {
      const days = (series.weeklyPattern ?? []).map((d) => WEEKDAYS[d]).join(', ');
      return `${every ? `Every ${series.recurrenceInterval} weeks` : 'Weekly'}: ${days}`;
    }
    case 'monthly':
      return every ? `Every ${series.recurrenceInterval} months` : 'Monthly';
    default:
      return 'Recurring';
  }
}
