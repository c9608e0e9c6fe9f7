import { queryOptions } from '@tanstack/react-query';
import {
  API,
  breakHabitListResponseSchema,
  breakHabitSchema,
  createBreakHabitRequestSchema,
  updateBreakHabitRequestSchema,
  type BreakHabit,
  type CreateBreakHabitRequestInput,
  type UpdateBreakHabitRequestInput,
} from '@levelup/contracts';
import { HttpError, call, callOr401 } from '@levelup/web-kit';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

/** The server's 4xx message (a slip day out of the window, say), else `fallback`. */
async function withMessage<T>(send: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw error;
    const own = error instanceof HttpError && error.status < 500 ? error.serverMessage : null;
    throw new Error(own || fallback, { cause: error });
  }
}

/** The user's habits to break with their counts; 401 gives an empty list. */
export const breakHabitsQueryOptions = queryOptions({
  queryKey: QUERY_KEYS.breakHabits,
  queryFn: async (): Promise<BreakHabit[]> =>
    breakHabitListResponseSchema.parse(
      await withMessage(
        () => callOr401(API.listBreakHabits, 'returnEmpty'),
        'Failed to load your habits to break',
      ),
    ),
});

export async function createBreakHabit(input: CreateBreakHabitRequestInput): Promise<BreakHabit> {
  const body = createBreakHabitRequestSchema.parse(input);
  return breakHabitSchema.parse(
    await withMessage(
      () => call(API.createBreakHabit, { body }),
      'Failed to create the habit to break',
    ),
  );
}

export async function updateBreakHabit(input: {
  id: string;
  changes: UpdateBreakHabitRequestInput;
}): Promise<BreakHabit> {
  const body = updateBreakHabitRequestSchema.parse(input.changes);
  return breakHabitSchema.parse(
    await withMessage(
      () => call(API.updateBreakHabit, { params: { id: input.id }, body }),
      'Failed to save the habit to break',
    ),
  );
}

export async function deleteBreakHabit(id: string): Promise<void> {
  await withMessage(
    () => call(API.deleteBreakHabit, { params: { id } }),
    'Failed to delete the habit to break',
  );
}

/** One slip today, or on `date` (a past day within the back-fill window). */
export async function recordSlip(input: { id: string; date?: string }): Promise<BreakHabit> {
  const body = input.date ? { date: input.date } : {};
  return breakHabitSchema.parse(
    await withMessage(
      () => call(API.recordSlip, { params: { id: input.id }, body }),
      'Failed to record the slip',
    ),
  );
}

/** Takes one slip of that day away. */
export async function undoSlip(input: { id: string; date: string }): Promise<BreakHabit> {
  return breakHabitSchema.parse(
    await withMessage(() => call(API.undoSlip, { params: input }), 'Failed to undo the slip'),
  );
}
