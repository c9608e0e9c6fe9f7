import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
import { createLogger, createServiceApp, type Bus, type Logger } from '@levelup/service-kit';
import { goalModel } from './goals/models.ts';
import { goalsRouter } from './goals/routes.ts';
import { talentNodeModel } from './talent-tree/models.ts';
import { talentTreeRouter } from './talent-tree/routes.ts';

export const SERVICE_NAME = 'svc-goals';

export interface GoalsDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
}

export async function createApp(deps: GoalsDeps): Promise<Koa> {
  const Goal = goalModel(deps.db);
  const TalentNode = talentNodeModel(deps.db);
  await Promise.all([Goal.init(), TalentNode.init()]);
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger ?? createLogger(SERVICE_NAME),
    identitySecret: deps.identitySecret,
    routers: [goalsRouter({ Goal }), talentTreeRouter({ TalentNode })],
  });
}

/** svc-goals publishes goal events (goal progress comes later); its stream exists from the start. */
export async function startWorkers(
  deps: Pick<GoalsDeps, 'bus'>,
): Promise<{ stop(): Promise<void> }> {
  await deps.bus.ensureStream(STREAMS.GOALS);
  return { stop: async () => undefined };
}
