import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { EVENTS, STREAMS } from '@levelup/contracts';
import {
  createLogger,
  createServiceApp,
  type Bus,
  type ConsumerHandle,
  type Logger,
  handleAll,
  subscribe,
} from '@levelup/service-kit';
import { feedbackService } from './feedback/feedback.service.ts';
import { feedbackModel } from './feedback/models.ts';
import { feedbackRepository } from './feedback/repository.ts';
import { feedbackDataExport } from './data-export.ts';
import { feedbackRouter } from './feedback/routes.ts';
import { identityEventHandler } from './members/identity-events.ts';
import { memberModel } from './members/models.ts';
import { membersRepository } from './members/repository.ts';

export const SERVICE_NAME = 'svc-feedback';
export const CONSUMER = 'svc-feedback';

export interface FeedbackDeps {
  db: Connection;
  bus: Bus;
  identitySecret: string;
  logger?: Logger;
}

export async function createApp(deps: FeedbackDeps): Promise<Koa> {
  const Feedback = feedbackModel(deps.db);
  const Member = memberModel(deps.db);
  await Promise.all([Feedback.init(), Member.init()]);
  return createServiceApp({
    name: SERVICE_NAME,
    readiness: { db: deps.db, bus: deps.bus },
    logger: deps.logger ?? createLogger(SERVICE_NAME),
    identitySecret: deps.identitySecret,
    routers: [
      feedbackDataExport(deps.db),
      feedbackRouter({
        feedback: feedbackService({
          feedback: feedbackRepository({ Feedback }),
          members: membersRepository({ Member }),
        }),
      }),
    ],
  });
}

/** Members' names for the admin list come from identity events. */
export async function startWorkers(
  deps: Pick<FeedbackDeps, 'db' | 'bus'>,
): Promise<{ stop(): Promise<void> }> {
  const onIdentityEvent = identityEventHandler(membersRepository({ Member: memberModel(deps.db) }));
  await deps.bus.ensureStream(STREAMS.FEEDBACK);
  await deps.bus.ensureStream(STREAMS.IDENTITY);
  const consumers: ConsumerHandle[] = [
    await subscribe(deps.bus, {
      durable: CONSUMER,
      on: handleAll([EVENTS.userRegistered, EVENTS.userRenamed], onIdentityEvent),
    }),
  ];
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
