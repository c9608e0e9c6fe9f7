import {
  connectTestDeps,
  identityHeaders,
  removeTestStreams,
  serve,
  startTestInfra,
  type TestDeps,
  type TestInfra,
} from '@levelup/service-kit/testing';
import { createApp, startWorkers } from '../src/app.ts';

export interface QuestsHarness {
  infra: TestInfra;
  deps: TestDeps;
  url: string;
  /** Calls svc-quests as the gateway would for `userId` (signed identity headers). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies field by field
  as(userId: string): (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** svc-quests over HTTP with its consumers and outbox poller, on the embedded MongoDB and the real NATS. */
export async function startQuests(existingInfra?: TestInfra, options: { clock?: () => Date } = {}): Promise<QuestsHarness> {
  const infra = existingInfra ?? (await startTestInfra());
  const deps = await connectTestDeps(infra, 'levelup_quests', 'svc-quests');
  const workers = await startWorkers(deps);
  const running = await serve(await createApp({ ...deps, ...options }));
  return {
    infra,
    deps,
    url: running.url,
    as: (userId) => async (method, path, body) => {
      const response = await fetch(`${running.url}${path}`, {
        method,
        headers: { ...identityHeaders(userId), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop() {
      await running.close();
      await workers.stop();
      await deps.close();
      if (!existingInfra) {
        await removeTestStreams(infra);
        await infra.stop();
      }
    },
  };
}

let counter = 0;
export function newQuest(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { title: `Quest number ${counter}`, description: 'Drink a full glass of water', difficulty: 'easy', ...overrides };
}
