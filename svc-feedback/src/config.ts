import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

export const feedbackEnv = {
  ...commonEnv,
  PORT: portEnv(4005),
  MONGO_DB: z.string().min(1).default('levelup_feedback'),
};

export type FeedbackConfig = z.infer<z.ZodObject<typeof feedbackEnv>>;

export function loadFeedbackConfig(
  env: Record<string, string | undefined> = process.env,
): FeedbackConfig {
  return loadConfig(feedbackEnv, env);
}
