import { describe, expect, it } from 'vitest';
import { mockFetch, unauthorized } from '../testing/mock-fetch.ts';
import { embedFirstScreen } from '../testing/fixtures.ts';
import { FIRST_SCREEN_DATA_ID } from '@levelup/contracts';
import { apiGet, apiRequest } from './client.ts';
import { HttpError, isRateLimited, onRateLimited } from './http-error.ts';

describe('api client', () => {
  it('when a call has a body, then it is sent as JSON with a JSON content type and credentials', async () => {
    const { fetchMock, calls } = mockFetch({
      'POST /api/quests': { status: 201, body: { id: 'q1' } },
    });
    const result = await apiRequest('POST', '/api/quests', { title: 'Walk' });
    expect(result).toEqual({ id: 'q1' });
    expect(calls[0]?.body).toEqual({ title: 'Walk' });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('content-type')).toContain('application/json');
    expect(request.credentials).toBe('include');
  });

  it('when a call has no body, then no content type is sent', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/quests/q1/toggle': { body: { id: 'q1' } } });
    await apiRequest('POST', '/api/quests/q1/toggle');
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('content-type')).toBeNull();
  });

  it('when the response is not OK, then the error message is the status, a colon and the body text', async () => {
    const body = {
      error: { code: 'invalid_credentials', message: 'Invalid username or password' },
    };
    mockFetch({ 'POST /api/auth/login': { status: 401, body } });
    const error = await apiRequest('POST', '/api/auth/login', {
      username: 'a',
      password: 'b',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(`401: ${JSON.stringify(body)}`);
    expect((error as HttpError).serverMessage).toBe('Invalid username or password');
  });

  it('when the server refuses a call with 429, then the error carries its message and Retry-After, and the page is told the message', async () => {
    const message = 'Too many new posts. Please try again in 45 seconds.';
    mockFetch({
      'POST /api/posts': {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message } },
        headers: { 'retry-after': '45' },
      },
    });
    const told: string[] = [];
    const stop = onRateLimited((text) => told.push(text));
    try {
      const error = await apiRequest('POST', '/api/posts', { content: 'hi' }).catch(
        (e: unknown) => e,
      );
      expect(isRateLimited(error)).toBe(true);
      expect(error).toMatchObject({ serverMessage: message, retryAfterSeconds: 45 });
      // After the caller's own handling: a task later.
      expect(told).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(told).toEqual([message]);
    } finally {
      stop();
    }
  });

  it('when the error body is empty, then the message uses the status text', async () => {
    mockFetch({ 'GET /api/posts': { status: 503 } });
    await expect(apiRequest('GET', '/api/posts')).rejects.toThrow(/^503: /);
  });

  it('when a read that treats 401 as signed out gets 401, then it yields null or an empty list', async () => {
    mockFetch({ 'GET /api/user/profile': unauthorized, 'GET /api/quests': unauthorized });
    await expect(apiGet('/api/user/profile', 'returnNull')).resolves.toBeNull();
    await expect(apiGet('/api/quests', 'returnEmpty')).resolves.toEqual([]);
    await expect(apiGet('/api/quests')).rejects.toThrow(/^401: /);
  });

  it('when the page embeds answers (the first screen), then the first GET of each URL takes its answer without a request, and nothing else does', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/quests': { body: [{ id: 'from-network' }] },
      'POST /api/quests': { status: 201, body: { id: 'q2' } },
      'GET /api/todos': { body: [] },
    });
    embedFirstScreen({ '/api/quests': [{ id: 'embedded' }] });

    await expect(apiRequest('POST', '/api/quests', { title: 'Walk' })).resolves.toEqual({
      id: 'q2',
    });
    await expect(apiGet('/api/quests')).resolves.toEqual([{ id: 'embedded' }]);
    expect(document.getElementById(FIRST_SCREEN_DATA_ID)).toBeNull();
    await expect(apiGet('/api/quests')).resolves.toEqual([{ id: 'from-network' }]);
    await expect(apiGet('/api/todos')).resolves.toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/quests',
      'GET /api/quests',
      'GET /api/todos',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when the embedded block is damaged, then every read asks the network', async () => {
    mockFetch({ 'GET /api/goals': { body: [{ id: 'g1' }] } });
    embedFirstScreen('{"/api/goals": [');
    await expect(apiGet('/api/goals')).resolves.toEqual([{ id: 'g1' }]);
  });
});
