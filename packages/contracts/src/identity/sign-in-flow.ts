import { z } from 'zod';

/**
 * GET /api/auth/verify-email?token=: the link in the confirmation email, opened by a browser. Any token
 * value is taken (a missing or repeated one simply fails to verify): the answer is always a redirect.
 */
export const verifyEmailLinkQuerySchema = z.object({
  token: z.string().optional().catch(undefined),
});

/** POST /api/auth/verify-email: the same check for a client. */
export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const verifyEmailResponseSchema = z.object({ verified: z.literal(true), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email/send: 202 when a new link went out, 200 when already confirmed. */
export const sendVerificationResponseSchema = z.object({
  sent: z.boolean(),
  verified: z.boolean(),
});
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;

/**
 * GET /api/login?timeZone=: starts external sign-in; the browser's zone is kept for an account the
 * sign-in makes. A value that is not text is ignored, never refused: the answer is always a redirect.
 */
export const loginStartQuerySchema = z.object({
  timeZone: z.string().optional().catch(undefined),
});
