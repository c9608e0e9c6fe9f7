import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { profileFixture } from '../testing/fixtures.ts';
import { profileQueryKey } from './profile-api.ts';
import { LOGOUT_URL, signOut } from './use-auth.ts';

afterEach(() => vi.restoreAllMocks());

function signedInClient() {
  const client = createQueryClient({ onUnauthorized: () => {} });
  client.setQueryData(profileQueryKey, profileFixture());
  client.setQueryData(['/api/quests'], [{ id: 'q1' }]);
  return client;
}

describe('signOut', () => {
  it('when svc-identity ends the session (its 303, not followed), then the page is signed out without a reload and keeps none of the user’s reads', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue({ type: 'opaqueredirect', ok: false, status: 0 } as Response);
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const client = signedInClient();
    const showSignedOut = vi.fn(() =>
      // The page is moved first, while the cache still says who was signed in.
      expect(client.getQueryData(profileQueryKey)).toEqual(profileFixture()),
    );

    await signOut(client, showSignedOut);

    expect(showSignedOut).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      LOGOUT_URL,
      expect.objectContaining({ method: 'POST', redirect: 'manual' }),
    );
    expect(client.getQueryData(profileQueryKey)).toBeNull();
    expect(client.getQueryData(['/api/quests'])).toBeUndefined();
    expect(submit).not.toHaveBeenCalled();
  });

  it('when the sign-out gets no answer, then it falls back to the form post and the page it leads to', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const client = signedInClient();
    const showSignedOut = vi.fn();

    await signOut(client, showSignedOut);

    expect(submit).toHaveBeenCalledTimes(1);
    expect(showSignedOut).not.toHaveBeenCalled();
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe(LOGOUT_URL);
    // Still signed in until the form's answer says otherwise.
    expect(client.getQueryData(profileQueryKey)).toEqual(profileFixture());
  });
});
