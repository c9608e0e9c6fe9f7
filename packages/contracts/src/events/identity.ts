import { z } from 'zod';
import { defineEvent } from './envelope.ts';

export const userRegisteredEventDataSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  timeZone: z.string(),
});
export type UserRegisteredEventData = z.infer<typeof userRegisteredEventDataSchema>;
export const userRegisteredEventSchema = defineEvent(
  ['identity.user_registered'],
  userRegisteredEventDataSchema,
);
export type UserRegisteredEvent = z.infer<typeof userRegisteredEventSchema>;

/**
 * Names or time zone changed on the profile. The zone rides along because svc-quests computes local
 * days from it (architecture decision 7); older events without it leave the stored zone alone.
 */
export const userRenamedEventDataSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  timeZone: z.string().optional(),
});
export type UserRenamedEventData = z.infer<typeof userRenamedEventDataSchema>;
export const userRenamedEventSchema = defineEvent(
  ['identity.user_renamed'],
  userRenamedEventDataSchema,
);
export type UserRenamedEvent = z.infer<typeof userRenamedEventSchema>;
