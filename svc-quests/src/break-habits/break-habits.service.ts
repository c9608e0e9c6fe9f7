import {
  BREAK_HABIT_HISTORY_DAYS,
  NO_SLIP_TO_UNDO,
  localDate,
  slipDayRefusal,
  slipHistory,
  slipRuns,
  slipsInLastDays,
  type BreakHabit,
  type CreateBreakHabitRequest,
  type RecordSlipRequest,
  type UpdateBreakHabitRequest,
} from '@levelup/contracts';
import { AppError, conflict, notFound } from '@levelup/service-kit';
import type { QuestsQuotas } from '../shared/storage-quotas.ts';
import type { UserZones } from '../users/user-zones.ts';
import type { BreakHabitDoc } from './models.ts';
import type { BreakHabitsRepository, SlipRow } from './repository.ts';

export const breakHabitNotFound = () => notFound('Habit to break not found');

/** A day a slip cannot be recorded or undone on: a 400 on the `date` field. */
const refusedDay = (message: string) =>
  new AppError('VALIDATION_FAILED', message, 400, { details: [{ path: 'date', message }] });

/** A habit with its counts as of the user's `today` (the contracts' slip rules). */
export function toBreakHabit(doc: BreakHabitDoc, slips: SlipRow[], today: string): BreakHabit {
  const runs = slipRuns(doc.startDate, slips, today);
  const days = slips.filter((s) => s.count > 0 && s.date <= today).map((s) => s.date);
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description,
    tags: doc.tags,
    startDate: doc.startDate,
    today,
    daysWithoutSlip: runs.current,
    bestRun: runs.best,
    slipsLast7Days: slipsInLastDays(slips, today, 7),
    slipsLast30Days: slipsInLastDays(slips, today, BREAK_HABIT_HISTORY_DAYS),
    totalSlips: slips.reduce((sum, s) => sum + s.count, 0),
    lastSlipDate: days.sort().at(-1) ?? null,
    history: slipHistory(doc.startDate, slips, today),
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

/**
 * Habits to break: create, edit, delete, and slips counted per local day of the user's zone. Nothing
 * here publishes an event: slips earn and cost no XP and never reach streaks, goals or the calendar.
 */
export function breakHabitsService(deps: {
  habits: BreakHabitsRepository;
  zones: UserZones;
  clock?: () => Date;
  quotas: QuestsQuotas;
}) {
  const { habits, zones } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function todayOf(userId: string): Promise<string> {
    return localDate(clock(), await zones.timeZoneOf(userId));
  }

  async function withCounts(userId: string, doc: BreakHabitDoc): Promise<BreakHabit> {
    const [slips, today] = await Promise.all([
      habits.slipsOf(userId, [doc._id.toString()]),
      todayOf(userId),
    ]);
    return toBreakHabit(doc, slips, today);
  }

  /** The user's habit and the day asked for (today when none), refused outside the window. */
  async function slipDay(userId: string, id: string, date: string | undefined) {
    const [habit, today] = await Promise.all([habits.findOwned(userId, id), todayOf(userId)]);
    if (!habit) throw breakHabitNotFound();
    const day = date ?? today;
    const refusal = slipDayRefusal(day, habit.startDate, today);
    if (refusal) throw refusedDay(refusal);
    return { habit, day };
  }

  return {
    async list(userId: string): Promise<BreakHabit[]> {
      const [docs, today] = await Promise.all([habits.list(userId), todayOf(userId)]);
      const slips = await habits.slipsOf(
        userId,
        docs.map((d) => d._id.toString()),
      );
      return docs.map((doc) =>
        toBreakHabit(
          doc,
          slips.filter((s) => s.habitId === doc._id.toString()),
          today,
        ),
      );
    },

    async create(userId: string, input: CreateBreakHabitRequest): Promise<BreakHabit> {
      await deps.quotas.breakHabits(userId);
      const doc = await habits.create(userId, input, await todayOf(userId));
      return withCounts(userId, doc);
    },

    async update(
      userId: string,
      id: string,
      changes: UpdateBreakHabitRequest,
    ): Promise<BreakHabit> {
      const doc = await habits.update(userId, id, changes);
      if (!doc) throw breakHabitNotFound();
      return withCounts(userId, doc);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await habits.remove(userId, id))) throw breakHabitNotFound();
    },

    async recordSlip(userId: string, id: string, input: RecordSlipRequest): Promise<BreakHabit> {
      const { habit, day } = await slipDay(userId, id, input.date);
      await habits.addSlip(userId, id, day);
      return withCounts(userId, habit);
    },

    async undoSlip(userId: string, id: string, date: string): Promise<BreakHabit> {
      const { habit, day } = await slipDay(userId, id, date);
      if (!(await habits.removeSlip(userId, id, day))) throw conflict(NO_SLIP_TO_UNDO);
      return withCounts(userId, habit);
    },
  };
}

export type BreakHabitsService = ReturnType<typeof breakHabitsService>;
