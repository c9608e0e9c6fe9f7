import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@levelup/contracts';
import { loginUrl, queryOf } from '@levelup/web-kit';

export const AUTH_PATH = '/auth';

/** Whether the server has an external sign-in provider. Asked once a page. */
export const loginOptionsQueryOptions = queryOptions({
  ...queryOf(API.loginOptions),
  staleTime: Infinity,
});

/**
 * Where the Sign In, Join Community and landing-page buttons go: the external provider (through
 * the external sign-in start, with the browser's time zone) when the server has one, else straight to the sign-in page.
 * Until the answer is known, or if it never comes, that start is used: it sends the browser to /auth
 * itself when there is no provider.
 */
export function useSignInHref(): string {
  const options = useQuery(loginOptionsQueryOptions);
  return options.data?.externalSignIn === false ? AUTH_PATH : loginUrl();
}

/** Whether the auth page offers external sign-in: only once the server said it has a provider. */
export function useExternalSignIn(): boolean {
  return useQuery(loginOptionsQueryOptions).data?.externalSignIn === true;
}
