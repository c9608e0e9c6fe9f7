import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/http-error.ts';
import { createOfflineQueue, isOfflineError, memoryStore } from './offline-queue.ts';

const call = (path: string) => ({
  method: 'PATCH' as const,
  path,
  body: { completionType: 'completed' },
  label: path,
});

describe('offline queue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when calls are queued, then they are sent in order on replay, each once, and the count follows', async () => {
    const sent: string[] = [];
    const queue = createOfflineQueue(memoryStore(), async (c) => {
      sent.push(c.path);
    });
    const counts: number[] = [];
    queue.subscribe((n) => counts.push(n));
    await queue.enqueue(call('/a'));
    await queue.enqueue(call('/b'));
    await queue.enqueue(call('/c'));
    expect(queue.pending()).toBe(3);
    const result = await queue.replay();
    expect(result).toEqual({ delivered: 3, refused: [], waiting: 0 });
    expect(sent).toEqual(['/a', '/b', '/c']);
    expect(queue.pending()).toBe(0);
    expect(counts).toEqual([1, 2, 3, 0]);
    await queue.replay();
    expect(sent).toHaveLength(3);
  });

  it('when the connection drops during a replay, then the rest waits in order and goes next time', async () => {
    let online = true;
    let dropped = false;
    const sent: string[] = [];
    const queue = createOfflineQueue(memoryStore(), async (c) => {
      if (c.path === '/b' && !dropped) {
        dropped = true;
        online = false;
      }
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(c.path);
    });
    for (const path of ['/a', '/b', '/c']) await queue.enqueue(call(path));
    expect(await queue.replay()).toEqual({ delivered: 1, refused: [], waiting: 2 });
    expect(queue.pending()).toBe(2);
    online = true;
    expect(await queue.replay()).toEqual({ delivered: 2, refused: [], waiting: 0 });
    expect(sent).toEqual(['/a', '/b', '/c']);
  });

  it('when the server refuses a call (4xx), then it is dropped and reported, and the others still go', async () => {
    const queue = createOfflineQueue(memoryStore(), async (c) => {
      if (c.path === '/gone')
        throw new HttpError(404, 'Not Found', '{"error":{"code":"NOT_FOUND"}}');
    });
    await queue.enqueue(call('/gone'));
    await queue.enqueue(call('/b'));
    const result = await queue.replay();
    expect(result.delivered).toBe(1);
    expect(result.refused.map((c) => c.path)).toEqual(['/gone']);
    expect(queue.pending()).toBe(0);
  });

  it('when the server fails (5xx), then the call stays for the next replay', async () => {
    let fail = true;
    const queue = createOfflineQueue(memoryStore(), async () => {
      if (fail) throw new HttpError(503, 'Service Unavailable', '');
    });
    await queue.enqueue(call('/a'));
    expect((await queue.replay()).waiting).toBe(1);
    fail = false;
    expect((await queue.replay()).delivered).toBe(1);
  });

  it('when two replays start together, then each call is still sent once', async () => {
    const send = vi.fn(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    const queue = createOfflineQueue(memoryStore(), send);
    await queue.enqueue(call('/a'));
    await Promise.all([queue.replay(), queue.replay()]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('isOfflineError: a failed fetch or a timeout is offline, an HTTP answer is not', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineError(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(
      true,
    );
    expect(isOfflineError(new HttpError(500, 'x', ''))).toBe(false);
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOfflineError(new HttpError(500, 'x', ''))).toBe(true);
  });

  it('when an operation is queued by name, then its method and URL come from the contract and the name is kept', async () => {
    const sent: unknown[] = [];
    const queue = createOfflineQueue(memoryStore(), async (c) => {
      sent.push([c.operation, c.method, c.path, c.body]);
    });
    await queue.enqueueCall(
      'updateOccurrenceProgress',
      { params: { id: 'o 1' }, body: { completionType: 'completed', progressNotes: null } },
      'Stretch: completed',
    );
    await queue.replay();
    expect(sent).toEqual([
      [
        'updateOccurrenceProgress',
        'PATCH',
        '/api/quests/occurrences/o%201/progress',
        { completionType: 'completed', progressNotes: null },
      ],
    ]);
  });
});

describe('offline queue: each check-off is sent in its own user’s session', () => {
  const sentAs: string[] = [];
  let session: string | null = null;
  const send = async (call: { label: string }) => {
    if (session === null) throw new HttpError(401, 'Unauthorized', '');
    sentAs.push(`${call.label} as ${session}`);
  };

  it('when another user signs in on the page, then the first user’s calls wait for them and are counted for nobody else', async () => {
    sentAs.length = 0;
    const queue = createOfflineQueue(memoryStore(), send);
    await queue.setOwner('ada');
    session = 'ada';
    await queue.enqueue({ method: 'POST', path: '/api/quests/q1/progress', label: 'Stretch' });
    // Ada signs out while offline; Bob signs in on the same page and comes back online.
    await queue.setOwner('bob');
    session = 'bob';
    expect(queue.pending()).toBe(0);
    expect(await queue.replay()).toEqual({ delivered: 0, refused: [], waiting: 0 });
    expect(sentAs).toEqual([]);
    await queue.enqueue({ method: 'POST', path: '/api/quests/q2/progress', label: 'Read' });
    expect(await queue.replay()).toEqual({ delivered: 1, refused: [], waiting: 0 });
    // Ada signs in again: her check-off goes now, in her session.
    await queue.setOwner('ada');
    session = 'ada';
    expect(queue.pending()).toBe(1);
    expect(await queue.replay()).toEqual({ delivered: 1, refused: [], waiting: 0 });
    expect(sentAs).toEqual(['Read as bob', 'Stretch as ada']);
  });

  it('when the session has ended (401), then the call is kept for its user, not dropped as refused', async () => {
    sentAs.length = 0;
    const queue = createOfflineQueue(memoryStore(), send);
    await queue.setOwner('ada');
    await queue.enqueue({ method: 'POST', path: '/api/quests/q1/progress', label: 'Stretch' });
    session = null;
    expect(await queue.replay()).toEqual({ delivered: 0, refused: [], waiting: 1 });
    session = 'ada';
    expect(await queue.replay()).toEqual({ delivered: 1, refused: [], waiting: 0 });
    expect(sentAs).toEqual(['Stretch as ada']);
  });

  it('when nobody is signed in, then calls queued with an owner are not sent', async () => {
    sentAs.length = 0;
    const queue = createOfflineQueue(memoryStore(), send);
    await queue.setOwner('ada');
    await queue.enqueue({ method: 'POST', path: '/api/quests/q1/progress', label: 'Stretch' });
    await queue.setOwner(null);
    session = 'someone';
    expect(await queue.replay()).toEqual({ delivered: 0, refused: [], waiting: 0 });
    expect(sentAs).toEqual([]);
  });
});
