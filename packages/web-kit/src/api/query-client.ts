import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './http-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    // A call that may answer 401 as a normal outcome (a wrong password) sets meta.expectsUnauthorized.
    mutationMeta: { expectsUnauthorized?: boolean };
    queryMeta: { expectsUnauthorized?: boolean };
  }
}

export interface QueryClientOptions {
  /** What happens when a call fails with 401: by default the page reloads as signed out. */
  onUnauthorized?: () => void;
}

/**
 * The one QueryClient of the page (the shell creates it; remotes use it through the shared context).
 * Data stays fresh 5 minutes, no refetch on focus, no polling, no retries. Any 401
 * on a read or write clears all cached data and reloads the page, a return to signed out.
 */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const onUnauthorized = options.onUnauthorized ?? (() => window.location.reload());
  const handle = (error: unknown, expectsUnauthorized: boolean | undefined) => {
    if (expectsUnauthorized || !isUnauthorized(error)) return;
    client.clear();
    onUnauthorized();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handle(error, query.meta?.expectsUnauthorized),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handle(error, mutation.meta?.expectsUnauthorized),
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
