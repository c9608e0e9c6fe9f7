import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  urlOf,
  userProfileSchema,
  type LoginRequest,
  type RegisterRequest,
  type UserProfile,
} from '@levelup/contracts';
import { call } from '../api/call.ts';
import { profileQueryKey } from './profile-api.ts';
import { useProfile } from './use-profile.ts';

/** Browser navigations handled by svc-identity: external sign-in (a GET) and sign-out (a form POST). */
export const LOGIN_URL = API.loginStart.path;
export const LOGOUT_URL = API.logout.path;

/**
 * Signs out as a form post, so the browser navigates to where svc-identity sends it (the landing page).
 * Sign-out is never a GET: any page could sign a user out with a link or an image.
 */
export function logout(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = LOGOUT_URL;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

/** The browser's IANA zone, so "today" is the user's day (docs/architecture.md); undefined if unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** External sign-in with the browser's zone, which an account made by that sign-in starts in. */
export function loginUrl(timeZone = browserTimeZone()): string {
  return urlOf(API.loginStart, { query: { timeZone: timeZone || undefined } });
}

async function postUser(
  op: typeof API.login | typeof API.register,
  body: LoginRequest | RegisterRequest,
): Promise<UserProfile> {
  return userProfileSchema.parse(await call(op, { body } as never));
}

/** Sign-in state and the sign-in, sign-up and sign-out actions. */
export function useAuth() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  // The returned user becomes the cached profile (the sign-in's answer is the profile).
  const storeUser = (user: UserProfile) => queryClient.setQueryData(profileQueryKey, user);
  const login = useMutation({
    mutationFn: (body: LoginRequest) => postUser(API.login, body),
    onSuccess: storeUser,
    meta: { expectsUnauthorized: true },
  });
  const register = useMutation({
    mutationFn: (body: RegisterRequest) => postUser(API.register, body),
    onSuccess: storeUser,
    meta: { expectsUnauthorized: true },
  });
  return {
    profile: profile.data ?? null,
    isLoading: profile.isPending,
    isSignedIn: Boolean(profile.data),
    login,
    register,
    logout,
    signInExternally: () => window.location.assign(LOGIN_URL),
  };
}
