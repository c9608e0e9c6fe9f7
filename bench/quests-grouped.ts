// Benchmark (not a test): does reading a range stay flat as a user's history grows?
// Two users, each with 50 daily series: a new one whose series started this week (so the week read
// holds the same 350 occurrences for both, and only the history differs), and one whose series started
// a year ago with every day of that year materialised and half of it completed (18,300 occurrences).
// Measured, for both, over the same ranges:
//  - materialisation: GET /api/quests/occurrences for one day never read before (50 inserts each time);
//  - GET /api/quests/grouped for the current week (materialised once, then read).
// svc-quests runs in-process on the embedded MongoDB and the real NATS, called over HTTP as the gateway
// would. Run from the repository root: node bench/quests-grouped.ts [samples]   (default 40)
//
// Goal: with a year of history, p50 within 2x of the new user's p50, for both lines.
// Recorded on 2026-11-22 (2 cores shared with other work, load 2-5, Node 24, embedded MongoDB), n=40:
//   GET /api/quests/grouped, current week:   new user p50 45.4 ms (p90 82.8), a year of history p50 47.7 ms (p90 77.8): 1.05x
//   materialise one new day of 50 series:    new user p50 94.6 ms (p90 133.8), a year of history p50 94.9 ms (p90 125.4): 1.00x
//   run 2 (load 3.4-3.8): grouped 46.9 ms vs 47.4 ms (1.01x); materialise 85.4 ms vs 98.6 ms (1.15x)
//   (history: 18,400 occurrences, 9,200 completed, set up in 31-46 s.) An earlier run whose new user's
//   series started today (50 occurrences in the week instead of 350) gave 13.5 ms against 30.8 ms: the
//   cost follows what the range holds, not the history before it.
import { performance } from 'node:perf_hooks';
import { addDays, localDate } from '@levelup/contracts';
import { occurrenceModel } from '../svc-quests/src/index.ts';
import { startQuests } from '../svc-quests/test/harness.ts';

const samples = Number(process.argv[2] ?? 40);
const SERIES = 50;
process.env.LOG_LEVEL ??= 'error';

const now = new Date();
const today = localDate(now, 'UTC');
const quests = await startQuests(undefined, { clock: () => new Date() });

function p(values: number[], q: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1);
}

async function userWithSeries(startDate: string): Promise<ReturnType<typeof quests.as>> {
  const userId = `bench-${startDate}-${Math.random().toString(36).slice(2)}`;
  const me = quests.as(userId);
  for (let i = 0; i < SERIES; i += 1) {
    const { status } = await me('POST', '/api/quests/recurring', {
      title: `Series number ${i}`,
      description: 'A daily habit for the benchmark',
      recurrenceType: 'daily',
      startDate: `${startDate}T00:00:00.000Z`,
    });
    if (status !== 201) throw new Error(`series creation answered ${status}`);
  }
  return me;
}

async function timed(me: ReturnType<typeof quests.as>, path: string): Promise<number> {
  const started = performance.now();
  const { status } = await me('GET', path);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return performance.now() - started;
}

try {
  const yearAgo = addDays(today, -365);
  const fresh = await userWithSeries(addDays(today, -6));
  const veteran = await userWithSeries(yearAgo);
  // A year of history: every day materialised (in two ranges of at most 366 days), half of it done.
  const setup = performance.now();
  await timed(veteran, `/api/quests/occurrences?startDate=${yearAgo}&endDate=${today}`);
  const Occurrence = occurrenceModel(quests.deps.db);
  const all = await Occurrence.find({}).select({ _id: 1, scheduledFor: 1 }).lean();
  const done = all.filter((_o, i) => i % 2 === 0);
  await Occurrence.bulkWrite(
    done.map((o) => ({
      updateOne: {
        filter: { _id: o._id },
        update: {
          $set: {
            isCompleted: true,
            completionType: 'completed',
            awardedXp: 20,
            completedAt: now,
            completedLocalDate: o.scheduledFor,
          },
        },
      },
    })),
  );
  const history = await Occurrence.countDocuments({});
  console.log(
    `history: ${history} occurrences (${done.length} completed) set up in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
  );

  const week = `startDate=${addDays(today, -6)}&endDate=${today}`;
  for (const [label, path] of [
    ['GET /api/quests/grouped (current week)', `/api/quests/grouped?${week}`],
  ] as const) {
    const results: Record<string, number[]> = { 'new user': [], 'a year of history': [] };
    await timed(fresh, path);
    await timed(veteran, path);
    for (let i = 0; i < samples; i += 1) {
      results['new user']?.push(await timed(fresh, path));
      results['a year of history']?.push(await timed(veteran, path));
    }
    for (const [who, values] of Object.entries(results))
      console.log(
        `${label}, ${who}: p50 ${p(values, 0.5)} ms, p90 ${p(values, 0.9)} ms (n=${samples})`,
      );
  }

  // Materialisation: each sample reads a day nobody read before (tomorrow + i): 50 inserts per call.
  const materialise: Record<string, number[]> = { 'new user': [], 'a year of history': [] };
  for (let i = 1; i <= samples; i += 1) {
    const day = addDays(today, i);
    const path = `/api/quests/occurrences?startDate=${day}&endDate=${day}`;
    materialise['new user']?.push(await timed(fresh, path));
    materialise['a year of history']?.push(await timed(veteran, path));
  }
  for (const [who, values] of Object.entries(materialise))
    console.log(
      `materialise one new day of ${SERIES} series, ${who}: p50 ${p(values, 0.5)} ms, p90 ${p(values, 0.9)} ms (n=${samples})`,
    );
} finally {
  await quests.stop();
}
