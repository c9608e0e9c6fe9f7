import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

export const goalsEnv = {
  ...commonEnv,
  PORT: portEnv(4003),
  MONGO_DB: z.string().min(1).default('levelup_goals'),
};

export type GoalsConfig = z.infer<z.ZodObject<typeof goalsEnv>>;

export function loadGoalsConfig(
  env: Record<string, string | undefined> = process.env,
): GoalsConfig {
  return loadConfig(goalsEnv, env);
}
