import { describe, expect, it } from 'vitest';
import { mockFetch, unauthorized } from '../testing/mock-fetch.ts';
import { apiGet, apiRequest } from './client.ts';
import { HttpError } from './http-error.ts';

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
});
