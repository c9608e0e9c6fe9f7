import { API, urlOf, type ApiOperationName, type CallInput } from '@levelup/contracts';
import { apiRequest, type HttpMethod } from '../api/client.ts';
import { HttpError } from '../api/http-error.ts';

/**
 * Check-offs made offline, kept in the browser (IndexedDB) and replayed in order when the connection
 * returns. Only calls that set a target state are queued (complete, or progress to
 * completed / partial / not completed): sending one twice lands on the same state, and svc-quests
 * moves XP by the difference between states, so a replay that repeats a call whose answer was lost
 * never awards XP twice. Each entry carries its own id (a UUID) so a replay removes exactly what was
 * delivered and nothing is sent twice from the queue itself.
 */
export interface QueuedCall {
  id: string;
  /** The contract operation the call is (absent in entries queued before operations were named). */
  operation?: ApiOperationName;
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** What the user did, for the indicator and the log ("Morning stretch completed"). */
  label: string;
  queuedAt: string;
  /**
   * Who was signed in when it was queued: only their session sends it (absent in entries queued before
   * owners were kept, which go with whoever is signed in).
   */
  userId?: string;
}

/** Where the queue lives: IndexedDB in a browser, memory where there is none (tests, old browsers). */
export interface QueueStore {
  all(): Promise<QueuedCall[]>;
  add(call: QueuedCall): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = 'levelup-offline';
const STORE = 'calls';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbStore(factory: IDBFactory = indexedDB): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        // seq keeps the order of queuing; id is the call's own key.
        const store = req.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
        store.createIndex('id', 'id', { unique: true });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return db;
  };
  const tx = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    async all() {
      const rows = await request((await tx('readonly')).getAll());
      return (rows as (QueuedCall & { seq: number })[])
        .sort((a, b) => a.seq - b.seq)
        .map(({ seq: _seq, ...call }) => call);
    },
    async add(call) {
      await request((await tx('readwrite')).add(call));
    },
    async remove(id) {
      const store = await tx('readwrite');
      const key = await request(store.index('id').getKey(id));
      if (key !== undefined) await request(store.delete(key));
    },
  };
}

export function memoryStore(): QueueStore {
  let calls: QueuedCall[] = [];
  return {
    all: async () => [...calls],
    add: async (call) => {
      calls.push(call);
    },
    remove: async (id) => {
      calls = calls.filter((call) => call.id !== id);
    },
  };
}

/** A failure that means "no connection" (the request never got an answer), not a refusal. */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (error instanceof HttpError) return false;
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

export type Send = (call: QueuedCall) => Promise<unknown>;

const sendWithApi: Send = (call) => apiRequest(call.method, call.path, call.body);

export interface ReplayResult {
  delivered: number;
  /** Refused by the server (a 4xx, say the quest was deleted meanwhile): dropped, not retried. */
  refused: QueuedCall[];
  /**
   * Still waiting: the connection dropped again, the server failed (5xx) or the session ended (401).
   * Calls of another user than the one signed in are not counted: they wait for their own.
   */
  waiting: number;
}

export function createOfflineQueue(store: QueueStore, send: Send = sendWithApi) {
  const listeners = new Set<(pending: number) => void>();
  let pending = 0;
  let replaying: Promise<ReplayResult> | null = null;
  /** Who is signed in on the page now (null: nobody, or not known yet). */
  let owner: string | null = null;

  /** The calls the signed-in user may send: theirs, and those queued before owners were kept. */
  const sendable = async () =>
    (await store.all()).filter((call) => call.userId === undefined || call.userId === owner);

  const publish = async () => {
    pending = (await sendable()).length;
    for (const listener of listeners) listener(pending);
  };

  async function replayOnce(): Promise<ReplayResult> {
    const result: ReplayResult = { delivered: 0, refused: [], waiting: 0 };
    const calls = await sendable();
    for (const [index, call] of calls.entries()) {
      try {
        await send(call);
        await store.remove(call.id);
        result.delivered += 1;
      } catch (error) {
        // Signed out meanwhile: the call is still its user's to send, after they sign in again.
        const signedOut = error instanceof HttpError && error.status === 401;
        if (!signedOut && error instanceof HttpError && error.status >= 400 && error.status < 500) {
          await store.remove(call.id);
          result.refused.push(call);
          continue;
        }
        // Offline again or a server failure: keep this call and everything after it, in order.
        result.waiting = calls.length - index;
        break;
      }
    }
    await publish();
    return result;
  }

  return {
    async enqueue(call: Omit<QueuedCall, 'id' | 'queuedAt'>): Promise<QueuedCall> {
      const queued: QueuedCall = {
        ...call,
        id: crypto.randomUUID(),
        queuedAt: new Date().toISOString(),
        ...(owner === null ? {} : { userId: owner }),
      };
      await store.add(queued);
      await publish();
      return queued;
    },
    /**
     * Queues one contract operation: its name and input are kept, its method and URL come from the
     * contract (so the queue never spells a path of its own).
     */
    enqueueCall<const Name extends ApiOperationName>(
      operation: Name,
      input: CallInput<(typeof API)[Name]>,
      label: string,
    ): Promise<QueuedCall> {
      const op = API[operation];
      return this.enqueue({
        operation,
        method: op.method,
        path: urlOf(op, input),
        ...(input.body === undefined ? {} : { body: input.body }),
        label,
      });
    },
    /**
     * The user signed in on the page (null once signed out): what is queued from now on is theirs, and
     * a replay sends only their calls, so a check-off made offline is never sent in another user's
     * session, and a signed-out page sends none (it would be refused and lost).
     */
    setOwner(userId: string | null): Promise<void> {
      owner = userId;
      return publish();
    },
    /** Sends every waiting call of the signed-in user, in order; one replay at a time. */
    replay(): Promise<ReplayResult> {
      replaying ??= replayOnce().finally(() => {
        replaying = null;
      });
      return replaying;
    },
    pending: () => pending,
    refresh: publish,
    subscribe(listener: (pending: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;

let shared: OfflineQueue | null = null;

/** The page's one queue (web-kit is a federation singleton, so the shell and every remote share it). */
export function offlineQueue(): OfflineQueue {
  shared ??= createOfflineQueue(
    typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(),
  );
  return shared;
}
