import { z } from 'zod';

export const userRegisteredEventDataSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  timeZone: z.string(),
});
export type UserRegisteredEventData = z.infer<typeof userRegisteredEventDataSchema>;

/**
 * Names or time zone changed on the profile. The zone rides along because svc-quests computes local
 * days from it; older events without it leave the stored zone alone.
 */
export const userRenamedEventDataSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  timeZone: z.string().optional(),
});
export type UserRenamedEventData = z.infer<typeof userRenamedEventDataSchema>;

/**
 * A session ended before its time: sign-out, a sign-in that replaced it, or (later) a password change or
 * an admin revocation. Every gateway instance drops it from its session cache at once, also while
 * svc-identity is unreachable. The session is named by a hash of its store key: the key is what
 * the cookie carries, so it never travels on the bus. Without `sessionHash` every session of the user ends.
 */
export const sessionRevokedReasonSchema = z.enum([
  'sign_out',
  'replaced',
  'password_changed',
  'admin',
]);
export const sessionRevokedEventDataSchema = z.object({
  userId: z.string(),
  sessionHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  reason: sessionRevokedReasonSchema,
});
export type SessionRevokedEventData = z.infer<typeof sessionRevokedEventDataSchema>;
