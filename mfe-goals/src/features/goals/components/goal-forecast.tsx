import { goalForecastText, type Goal } from '@levelup/contracts';
import { useGoalForecast } from '../hooks/use-goal-forecast.ts';

/** 'Forecast: on track for <date>' or 'Forecast: N days behind'. */
export function GoalForecastLine({ goal }: { goal: Goal }) {
  const forecast = useGoalForecast(goal);
  const text = forecast && goalForecastText(forecast);
  if (!text || forecast.kind === 'no_schedule') return null;
  return (
    <p className="lu-goal-forecast">
      Forecast: {text}
      {forecast.kind === 'behind' && ` (finishing ${usDate(forecast.finishDate)})`}
    </p>
  );
}

const usDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};
