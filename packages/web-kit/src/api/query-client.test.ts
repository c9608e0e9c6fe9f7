import { describe, expect, it, vi } from 'vitest';
import { mockFetch, unauthorized } from '../testing/mock-fetch.ts';
import { apiRequest } from './client.ts';
import { createQueryClient } from './query-client.ts';

describe('query client', () => {
  it('when a read fails with 401, then the cache is cleared and the page returns to signed out', async () => {
    mockFetch({ 'GET /api/goals': unauthorized });
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    client.setQueryData(['/api/quests'], [{ id: 'q1' }]);
    await client
      .fetchQuery({ queryKey: ['/api/goals'], queryFn: () => apiRequest('GET', '/api/goals') })
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['/api/quests'])).toBeUndefined();
  });

  it('when a sign-in answers 401 (a wrong password), then nothing is cleared or reloaded', async () => {
    mockFetch({ 'POST /api/auth/login': unauthorized });
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () =>
        apiRequest('POST', '/api/auth/login', { username: 'ada', password: 'wrong-password' }),
      meta: { expectsUnauthorized: true },
    });
    await mutation.execute(undefined).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when created, then reads stay fresh 5 minutes and nothing retries or refetches on focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 300_000,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
