/**
 * Latency from quest completion to the XP being visible on the profile, through the gateway of a running
 * stack (`npm start`, or BASE_URL). Each sample: POST /api/quests/:id/toggle, then poll
 * GET /api/user/profile until the XP reflects it. Goal: p99 under 100 ms.
 *   node bench/xp-latency.ts [samples=200]
 */
import { apiClient, summarise } from './lib.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const samples = Number(process.argv[2] ?? 200);
const call = apiClient(base);
const suffix = Date.now().toString(36);

const registered = await call('POST', '/api/auth/register', {
  username: `bench_${suffix}`,
  email: `bench_${suffix}@example.com`,
  password: 'benchmark',
  displayName: 'Bench Mark',
  timeZone: 'Europe/Berlin',
});
if (registered.status >= 300)
  throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);

type Profile = { xp: number };
const latencies: number[] = [];
const toggles: number[] = [];
for (let i = 0; i < samples; i++) {
  const created = await call<{ id: string }>('POST', '/api/quests', {
    title: `Benchmark quest ${i}`,
    description: 'A quest created by the latency benchmark',
    difficulty: 'easy',
    xpReward: 10,
  });
  const before = (await call<Profile>('GET', '/api/user/profile')).body.xp;
  const started = performance.now();
  const toggled = await call('POST', `/api/quests/${created.body.id}/toggle`);
  toggles.push(performance.now() - started);
  if (toggled.status !== 200) throw new Error(`toggle failed: ${toggled.status}`);
  for (;;) {
    const profile = await call<Profile>('GET', '/api/user/profile');
    if (profile.body.xp >= before + 10) break;
    if (performance.now() - started > 10_000) throw new Error('XP never arrived');
  }
  latencies.push(performance.now() - started);
}
const fmt = (s: ReturnType<typeof summarise>) =>
  `n=${s.n} p50=${s.p50.toFixed(1)} ms p90=${s.p90.toFixed(1)} ms p99=${s.p99.toFixed(1)} ms max=${s.max.toFixed(1)} ms`;
console.log(`toggle request alone:         ${fmt(summarise(toggles))}`);
console.log(`completion -> XP on profile:  ${fmt(summarise(latencies))}`);
