import ky from 'ky';
import { takeEmbeddedAnswer } from './first-screen-data.ts';
import { HttpError, announceRateLimited } from './http-error.ts';

// The one request helper of every frontend: credentials always, a JSON body with a JSON
// content type only when there is a body, the parsed JSON back. No retries (Caching defaults).
const http = ky.create({
  credentials: 'include',
  retry: 0,
  throwHttpErrors: false,
  timeout: 30_000,
});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<T> {
  // The page may carry this read's answer already (the dashboard's server-written first screen).
  if (method === 'GET') {
    const embedded = takeEmbeddedAnswer(url);
    if (embedded) return embedded.body as T;
  }
  // The browser knows it has no network: fail at once (as a failed fetch does) instead of waiting for a
  // timeout, so a check-off goes to the offline queue straight away.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new TypeError('Failed to fetch: the browser is offline');
  // Paths are same-origin (the gateway is the one public origin); resolving them here keeps them absolute
  // for every fetch implementation.
  const options = {
    method,
    baseUrl: window.location.origin,
    ...(body === undefined ? {} : { json: body }),
  };
  const response = await http(url, options);
  const text = await response.text();
  if (!response.ok) {
    const error = new HttpError(
      response.status,
      response.statusText,
      text,
      response.headers.get('retry-after'),
    );
    // Too many calls (the gateway's per-user and per-address limits): the page says so, whoever called.
    if (error.status === 429) announceRateLimited(error);
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a read yields on 401: fail (the default), or treat the visitor as signed out. */
export type On401 = 'throw' | 'returnNull' | 'returnEmpty';

/**
 * A read whose 401 can mean "signed out" instead of a failure (quests, profile, series
 * and life tasks). returnNull gives null (the profile), returnEmpty gives [] (lists).
 */
export async function apiGet<T>(url: string, on401: On401 = 'throw'): Promise<T> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      if (on401 === 'returnNull') return null as T;
      if (on401 === 'returnEmpty') return [] as T;
    }
    throw error;
  }
}

/** Default reads join the query key parts with slashes to form the URL. */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}
