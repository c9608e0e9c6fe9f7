import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID } from '@levelup/contracts';
import { resetEmbeddedAnswers, takeEmbeddedAnswer } from '../api/first-screen-data.ts';
import { profileQueryKey } from './profile-api.ts';
import { embedFirstScreen } from '../testing/fixtures.ts';
import { LOGOUT_URL, onSignedOut, signOut, wasSignedOutHere } from './use-auth.ts';

/** A client holding a signed-in user's profile and one of their lists. */
function signedInClient() {
  const client = new QueryClient();
  client.setQueryData(profileQueryKey, { id: 'u1', username: 'ada' });
  client.setQueryData(['/api/quests'], [{ id: 'q1', title: 'Call the dentist' }]);
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetEmbeddedAnswers();
  document.body.innerHTML = '';
});

describe('signOut: Logout without reloading the app', () => {
  it('when the server ends the session, then nothing of the user is left in the page and the landing page is shown, with no navigation', async () => {
    const fetchMock = vi.fn(
      async () => new Response(null, { status: 303, headers: { location: '/' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    embedFirstScreen({ '/api/quests': [{ id: 'embedded' }] });
    const client = signedInClient();
    // A screen watching the profile (the header): it must see the sign-out, not keep the user's name.
    const header = new QueryObserver(client, { queryKey: profileQueryKey, enabled: false });
    const unsubscribe = header.subscribe(() => {});
    const showLanding = vi.fn();
    const forget = vi.fn();
    const stopListening = onSignedOut(forget);

    await signOut(client, showLanding);
    stopListening();

    expect(forget).toHaveBeenCalledTimes(1);
    expect(header.getCurrentResult().data).toBeNull();
    unsubscribe();
    expect(fetchMock).toHaveBeenCalledWith(
      LOGOUT_URL,
      expect.objectContaining({ method: 'POST', redirect: 'manual', credentials: 'include' }),
    );
    expect(client.getQueryData(profileQueryKey)).toBeNull();
    expect(client.getQueryData(['/api/quests'])).toBeUndefined();
    // The next user to sign in in this tab is never handed the previous one's first screen.
    expect(takeEmbeddedAnswer('/api/quests')).toBeUndefined();
    expect(document.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();
    expect(showLanding).toHaveBeenCalledTimes(1);
    // A members' page still on screen goes to the landing page, not to the sign-in form.
    expect(wasSignedOutHere()).toBe(true);
    expect(submit).not.toHaveBeenCalled();
  });

  it('when the sign-out cannot be sent, then the form post signs out with a navigation and the page keeps what it holds until then', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const client = signedInClient();
    const showLanding = vi.fn();

    await signOut(client, showLanding);

    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe(LOGOUT_URL);
    expect(showLanding).not.toHaveBeenCalled();
    expect(client.getQueryData(profileQueryKey)).toEqual({ id: 'u1', username: 'ada' });
  });

  it('when the server refuses the sign-out (a 5xx), then the form post does it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 502 })),
    );
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const showLanding = vi.fn();
    await signOut(signedInClient(), showLanding);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(showLanding).not.toHaveBeenCalled();
  });
});
