import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

export const questsEnv = {
  ...commonEnv,
  PORT: portEnv(4002),
  MONGO_DB: z.string().min(1).default('levelup_quests'),
  /** svc-community, asked for the calendar feed's sessions and meetups. */
  COMMUNITY_URL: z.url().default('http://localhost:4004'),
};

export type QuestsConfig = z.infer<z.ZodObject<typeof questsEnv>>;

export function loadQuestsConfig(
  env: Record<string, string | undefined> = process.env,
): QuestsConfig {
  return loadConfig(questsEnv, env);
}
