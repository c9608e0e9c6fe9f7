// Benchmark (not a test): time from POST /api/quests/{id}/toggle until svc-identity's profile shows the
// new XP, with both services in-process on the embedded MongoDB and the real NATS.
// Run: node bench/completion-to-xp.ts [samples]
import { performance } from 'node:perf_hooks';
import { identityHeaders, removeTestStreams, startTestInfra } from '@levelup/service-kit/testing';
import { client, newUser, startIdentity } from '../svc-identity/test/harness.ts';
import { newQuest, startQuests } from '../svc-quests/test/harness.ts';

const samples = Number(process.argv[2] ?? 200);
process.env.LOG_LEVEL ??= 'error';
const infra = await startTestInfra();
const identity = await startIdentity(infra);
const quests = await startQuests(infra);

async function xpOf(userId: string): Promise<number> {
  const response = await fetch(`${identity.url}/api/user/profile`, {
    headers: identityHeaders(userId, { service: 'svc-identity', path: '/api/user/profile' }),
  });
  return ((await response.json()) as { xp: number }).xp;
}

try {
  const { body: user } = await client(identity.url).request(
    'POST',
    '/api/auth/register',
    newUser(),
  );
  const me = quests.as(user.id);
  const { body: quest } = await me('POST', '/api/quests', newQuest({ difficulty: 'easy' }));
  const latencies: number[] = [];
  const toggles: number[] = [];
  let expected = 0;
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const { body } = await me('POST', `/api/quests/${quest.id}/toggle`);
    expected += body.xpDelta as number;
    toggles.push(performance.now() - started);
    while ((await xpOf(user.id)) !== expected) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (performance.now() - started > 10_000) throw new Error(`XP never reached ${expected}`);
    }
    latencies.push(performance.now() - started);
  }
  const report = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) =>
      (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1);
    console.log(
      `${label}, ${samples} toggles: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
    );
  };
  report('toggle response', toggles);
  report('completion -> XP visible on the profile', latencies);
} finally {
  await quests.stop();
  await identity.stop();
  await removeTestStreams(infra);
  await infra.stop();
}
