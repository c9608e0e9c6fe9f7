import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API,
  urlOf,
  userProfileSchema,
  type LoginRequest,
  type RegisterRequest,
  type UserProfile,
} from '@levelup/contracts';
import { call } from '../api/call.ts';
import { discardEmbeddedAnswers } from '../api/first-screen-data.ts';
import { profileQueryKey } from './profile-api.ts';
import { useProfile } from './use-profile.ts';

/** Browser navigations handled by svc-identity: external sign-in (a GET) and sign-out (a form POST). */
export const LOGIN_URL = API.loginStart.path;
export const LOGOUT_URL = API.logout.path;

/**
 * Signs out as a form post, so the browser navigates to where svc-identity sends it (the landing page).
 * Sign-out is never a GET: any page could sign a user out with a link or an image.
 */
export function logoutByNavigation(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = LOGOUT_URL;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

/**
 * Signs out without reloading the app. The sign-out is posted as the form would post it; once the
 * server has ended the session (its answer is the redirect to the landing page), everything the page
 * holds of the user goes: every cached answer, and the answers the server embedded in the page for its
 * first screen, so whoever signs in next in this tab starts from nothing of theirs. `showLanding` then
 * takes the app to the landing page. When the post cannot be sent or is refused, the form post signs
 * out the old way, with a full navigation.
 */
let signedOutHere = false;
const signOutListeners = new Set<() => void>();

/**
 * Calls `listener` each time the user signs out in place (Logout without a page load): what a module
 * keeps of the user outside the query cache (a toast to bring back) is forgotten there.
 */
export function onSignedOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Whether the page's last change of sign-in state was its user's own sign-out (until they sign in
 * again): a members' page they were on then goes to the landing page, not to the sign-in form.
 */
export function wasSignedOutHere(): boolean {
  return signedOutHere;
}

export async function signOut(queryClient: QueryClient, showLanding: () => void): Promise<void> {
  let ended = false;
  try {
    const answer = await fetch(LOGOUT_URL, {
      method: 'POST',
      credentials: 'include',
      redirect: 'manual',
    });
    ended = answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400);
  } catch {
    ended = false;
  }
  if (!ended) {
    logoutByNavigation();
    return;
  }
  discardEmbeddedAnswers();
  signedOutHere = true;
  await queryClient.cancelQueries();
  // The profile is set, not removed: every screen that watches it (the header, the routes) turns to
  // signed out at once. A removed query would leave its watchers holding the user's last answer.
  queryClient.setQueryData(profileQueryKey, null);
  showLanding();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== profileQueryKey[0] });
  queryClient.getMutationCache().clear();
  for (const listener of signOutListeners) listener();
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

/**
 * Sign-in state and the sign-in, sign-up and sign-out actions. `logout` signs out in place (see
 * `signOut`); `showLanding` is how the caller's router reaches the landing page.
 */
export function useAuth(showLanding: () => void = () => window.location.assign('/')) {
  const queryClient = useQueryClient();
  const profile = useProfile();
  // The returned user becomes the cached profile (the sign-in's answer is the profile).
  const storeUser = (user: UserProfile) => {
    signedOutHere = false;
    queryClient.setQueryData(profileQueryKey, user);
  };
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
    logout: () => signOut(queryClient, showLanding),
    signInExternally: () => window.location.assign(LOGIN_URL),
  };
}
