import { z } from 'zod';
import { commonEnv, loadConfig, portEnv } from '@levelup/service-kit';

export const communityEnv = {
  ...commonEnv,
  PORT: portEnv(4004),
  MONGO_DB: z.string().min(1).default('levelup_community'),
  /** The default weekly meetups (contracts' DEFAULT_MEETUPS): 'on' keeps the coming week scheduled. */
  DEFAULT_MEETUPS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
};

export type CommunityConfig = z.infer<z.ZodObject<typeof communityEnv>>;

export function loadCommunityConfig(
  env: Record<string, string | undefined> = process.env,
): CommunityConfig {
  return loadConfig(communityEnv, env);
}
