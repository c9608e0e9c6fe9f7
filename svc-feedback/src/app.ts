import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { STREAMS } from '@levelup/contracts';
import { createLogger, createServiceApp, type Bus, type Logger } from '@levelup/service-kit';
import { feedbackModel } from './feedback/models.ts';
import { feedbackRouter } from './feedback/routes.ts';

export const SERVICE_NAME = 'svc-feedback';

export interface FeedbackDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
}

export async function createApp(deps: FeedbackDeps): Promise<Koa> {
  const Feedback = feedbackModel(deps.db);
  await Feedback.init();
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger ?? createLogger(SERVICE_NAME),
    identitySecret: deps.identitySecret,
    routers: [feedbackRouter({ Feedback })],
  });
}

export async function startWorkers(
  deps: Pick<FeedbackDeps, 'bus'>,
): Promise<{ stop(): Promise<void> }> {
  await deps.bus.ensureStream(STREAMS.FEEDBACK);
  return { stop: async () => undefined };
}
