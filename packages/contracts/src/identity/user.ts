import { z } from 'zod';
import { isoDateTimeSchema } from '../common/dates.ts';
import { timeZoneSchema } from '../time/zone.ts';

// Requests of svc-identity. The messages are the product's wording, shown to users as they are:
// change them only together with the product's texts.

/** POST /api/auth/register. */
export const registerRequestSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    // A username shaped like an email could pass for someone's address where either is accepted.
    .refine((value) => !value.includes('@'), 'Username cannot be an email address'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .pipe(z.email('Please enter a valid email address')),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters'),
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required'),
  /** Captured from the browser at sign-up. */
  timeZone: timeZoneSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/login; the username field also takes an email ("Username or Email"). */
export const loginRequestSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const PROFILE_USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A username the profile rules accept (3 to 30 letters, digits, - and _) made from any text, such as the
 * name or email an external sign-in provider gives: accents and other characters dropped, spaces as _,
 * at most 24 characters (room for a number that makes it free), 'adventurer' in front of what is too short.
 */
export function usernameFrom(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `adventurer${cleaned}`;
}

/** PATCH /api/user/profile (displayName and username rules). */
export const profileUpdateRequestSchema = z.object({
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(50, 'Display name must be 50 characters or less'),
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username must be 30 characters or less')
    .regex(
      PROFILE_USERNAME_PATTERN,
      'Username can only contain letters, numbers, hyphens, and underscores',
    ),
  timeZone: timeZoneSchema.optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/**
 * GET /api/user/profile, and the user returned by login and register (User profile).
 * xp is the TOTAL XP earned. xpToNextLevel is what the current level needs to pass, level*100
 * (level n needs n*100 to pass); the profile screen's (level+1)*100
 * reading is not used, so the bar and the level agree.
 */
/** Members use the app; admins also schedule meetups and review beta feedback. */
export const USER_ROLES = ['member', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  level: z.number().int().min(1),
  xp: z.number().int().min(0),
  xpIntoLevel: z.number().int().min(0),
  xpToNextLevel: z.number().int().min(100),
  levelProgressPercent: z.number().min(0).max(100),
  joinedAt: isoDateTimeSchema,
  isFounder: z.boolean(),
  userNumber: z.number().int().nullable(),
  timeZone: z.string(),
  initials: z.string(),
  role: userRoleSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;
