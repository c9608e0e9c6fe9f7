import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

export const communityEnv = {
  ...commonEnv,
  PORT: portEnv(4004),
  MONGO_DB: z.string().min(1).default('levelup_community'),
};

export type CommunityConfig = z.infer<z.ZodObject<typeof communityEnv>>;

export function loadCommunityConfig(
  env: Record<string, string | undefined> = process.env,
): CommunityConfig {
  return loadConfig(communityEnv, env);
}
