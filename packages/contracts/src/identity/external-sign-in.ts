import { z } from 'zod';

/**
 * External sign-in (OpenID Connect) sends the browser back to /auth?notice=<code> whenever it
 * does not end signed in; the auth page shows the words here. Never an error page.
 */
export const EXTERNAL_SIGN_IN_NOTICES = {
  'external-unavailable':
    'External sign-in is not set up on this server. Sign in with your username and password, or create an account below.',
  'external-failed':
    'External sign-in did not complete. Please try again, or sign in with your username and password.',
  'external-email-taken':
    'An account already uses the email address of that sign-in. Sign in with your password instead.',
  'external-linked-elsewhere':
    'That sign-in already belongs to another Level Up account, so it was not linked to yours.',
  'email-verified': 'Your email address is confirmed.',
  'email-verification-failed': 'That confirmation link is invalid or has expired.',
} as const;

export type ExternalSignInNotice = keyof typeof EXTERNAL_SIGN_IN_NOTICES;

export function externalSignInNotice(code: string | null): string | null {
  return code !== null && Object.hasOwn(EXTERNAL_SIGN_IN_NOTICES, code)
    ? EXTERNAL_SIGN_IN_NOTICES[code as ExternalSignInNotice]
    : null;
}

/**
 * GET /api/login/options: whether the server has an external sign-in provider. Without one the app's
 * sign-in links go straight to /auth and the auth page offers only the password forms.
 */
export const loginOptionsResponseSchema = z.object({ externalSignIn: z.boolean() });
export type LoginOptionsResponse = z.infer<typeof loginOptionsResponseSchema>;
