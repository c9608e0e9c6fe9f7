import { lookup } from 'node:dns/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { RequestHandler } from 'http-proxy-middleware';
import { instanceRotation, type InstanceRotation } from './instance-rotation.ts';
import {
  DEADLINE,
  createUpstreamProxy,
  sendUpstreamBusy,
  serviceAgent,
  streamAgent,
  type UpstreamProxyOptions,
} from './upstream-proxy.ts';
import { createSlots } from './upstream-slots.ts';

/** Methods whose request may be sent again to another instance: they change nothing (RFC 9110 9.2.1). */
/** What forwards one request (a proxy of one instance, or a pool of them). */
export type ProxyHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => Promise<void>;

const RETRYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A refused connection was never made, so the instance saw nothing of the request: any method may go to
 * another instance, as long as there is no body (the proxy has already read a body into the failed
 * connection). An instance that is stopping or restarting refuses; one that dies mid-request resets.
 */
function neverSent(req: IncomingMessage, code: string | undefined): boolean {
  const length = req.headers['content-length'];
  return (
    code === 'ECONNREFUSED' &&
    req.headers['transfer-encoding'] === undefined &&
    (length === undefined || length === '0')
  );
}
const RETRIED = Symbol('retried on another instance');
const INSTANCE = Symbol('the instance this try goes to');
const SIGNER = Symbol('signs the request as it is sent');
const STREAM = Symbol('an event stream');
type PooledRequest = IncomingMessage & {
  [RETRIED]?: true;
  [INSTANCE]?: string;
  [SIGNER]?: () => Record<string, string>;
  [STREAM]?: true;
  [DEADLINE]?: number;
};

/**
 * Headers made at the moment the request is sent to an instance (a signed identity, good for seconds):
 * after any wait for a free slot, and again if it is sent once more to another instance.
 */
export function signWhenSent(req: IncomingMessage, sign: () => Record<string, string>): void {
  (req as PooledRequest)[SIGNER] = sign;
}

/** Ordinary requests in flight to one instance, at most (a socket each). */
export const DEFAULT_MAX_PER_INSTANCE = 256;
/** How often an instance left out is asked whether it is ready again. */
export const DEFAULT_READY_PROBE_MS = 250;
/** What a request refused for want of a free slot is told to wait before trying again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export interface UpstreamPoolOptions extends Omit<UpstreamProxyOptions, 'target' | 'agent'> {
  /** Every instance of the service (e.g. QUESTS_URLS); one is a pool of one. */
  targets: readonly string[];
  /**
   * Ordinary requests in flight at once per instance (DEFAULT_MAX_PER_INSTANCE); more wait in line, each
   * at most timeoutMs (then 503 with Retry-After, never sent). Event streams are not counted here.
   */
  maxPerInstance?: number;
  /** How long an instance that refused or dropped a connection is left out before it is tried again. */
  retryAfterMs: number;
  /**
   * Meanwhile it is asked whether it is ready again (GET /readyz) every readyProbeMs
   * (DEFAULT_READY_PROBE_MS), and comes back in as soon as it says so.
   */
  readyProbeMs?: number;
  /**
   * Expand each target whose host is a name into every address the name resolves to, again every
   * refreshMs (compose's `--scale svc-quests=3`: one name, three containers; a headless Service: one
   * name, its ready pods). `resolve` defaults to the system's lookup (dns-discovery.ts's resolverAt asks
   * one DNS server instead). Off: names are used as they are (one instance per target, the socket's own
   * lookup).
   */
  dns?: { refreshMs: number; resolve?: (host: string) => Promise<string[]> };
  now?: () => number;
}

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/** The instances a configured target stands for: itself, or one URL per address of its host name. */
export async function expandTarget(
  target: string,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<string[]> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost') return [target];
  const addresses = [...new Set(await resolve(host))].sort();
  if (addresses.length === 0) return [target];
  return addresses.map((address) => {
    const instance = new URL(target);
    instance.hostname = isIP(address) === 6 ? `[${address}]` : address;
    return instance.toString().replace(/\/$/, '');
  });
}

/**
 * Keeps the rotation's list the instances the targets stand for (expandTarget), re-read every refreshMs
 * with `dns` (one re-read at a time: a tick while the last one still waits for its answers is skipped):
 * new addresses join, gone ones leave, the ones that stay keep their state. A name that does not resolve
 * right now (no answer in time, a server away) stands for what it resolved to last, else for itself, for
 * the socket's own lookup: a DNS hiccup leaves the instances as they were.
 */
function followNames(
  targets: readonly string[],
  rotation: InstanceRotation,
  dns: UpstreamPoolOptions['dns'],
) {
  /** What each target expanded to last. */
  const found = new Map<string, string[]>();
  async function refresh(): Promise<void> {
    const expanded = await Promise.all(
      targets.map((target) =>
        expandTarget(target, dns?.resolve).then(
          (instances) => {
            found.set(target, instances);
            return instances;
          },
          () => found.get(target) ?? [target],
        ),
      ),
    );
    rotation.setTargets([...new Set(expanded.flat())]);
  }
  if (!dns) return { ready: Promise.resolve(), refresh, stop: () => undefined };
  const ready = refresh();
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void refresh()
      .catch(() => undefined)
      .finally(() => (reading = false));
  }, dns.refreshMs);
  timer.unref();
  return { ready, refresh, stop: () => clearInterval(timer) };
}

/**
 * Asks an instance left out whether it is ready (its /readyz) every probeMs until it says so, its time
 * out is up or it leaves the list. A restarted instance is then back as soon as it is ready, not
 * retryAfterMs after its stop: a rolling restart of two instances, the second stopped sooner than that
 * after the first, left a gateway with none in (every read a 502 until the first's time was up).
 */
function readinessProbe(
  rotation: InstanceRotation,
  probeMs: number,
  onBack: (target: string) => void,
) {
  let stopped = false;
  const probing = new Set<string>();
  const isReady = (target: string) =>
    fetch(`${target}/readyz`, { signal: AbortSignal.timeout(probeMs * 4) })
      .then((response) => response.ok)
      .catch(() => false);
  return {
    probe(target: string): void {
      if (probing.has(target)) return;
      probing.add(target);
      const tick = async () => {
        if (stopped || rotation.isUp(target)) {
          probing.delete(target);
          return;
        }
        if ((await isReady(target)) && !stopped) {
          rotation.answered(target);
          probing.delete(target);
          onBack(target);
          return;
        }
        setTimeout(() => void tick(), probeMs).unref();
      };
      setTimeout(() => void tick(), probeMs).unref();
    },
    stop(): void {
      stopped = true;
    },
  };
}

/**
 * Several instances of one service behind the gateway: requests go round-robin to the
 * instances that are in; an instance whose connection is refused or reset is taken out for retryAfterMs,
 * or until its /readyz says it is ready again, whichever comes first, and then tried again by the next
 * request that reaches it. A read (GET, HEAD, OPTIONS) that failed that
 * way is sent once more to another instance, so scaling down or restarting one instance costs readers
 * nothing; a write is never sent twice (the first instance may have done it), it gets the JSON 502,
 * unless its connection was refused and it has no body (neverSent: a rolling restart costs no write). A
 * timeout takes nobody out: a slow instance is still an instance, and the 504 says so.
 */
export function createUpstreamPool(options: UpstreamPoolOptions) {
  if (options.targets.length === 0) throw new Error(`${options.name}: no upstream address`);
  const rotation = instanceRotation(options.targets, {
    retryMs: options.retryAfterMs,
    now: options.now,
  });
  const maxPerInstance = options.maxPerInstance ?? DEFAULT_MAX_PER_INSTANCE;
  const slots = createSlots(() => maxPerInstance * Math.max(1, rotation.targets().length));
  // One proxy for every instance, told per request where to go: a proxy registers itself with the
  // gateway's server for good, so one per instance would pile up as DNS brings new pod addresses.
  // Event streams get a proxy on sockets of their own, so they never take an ordinary request's.
  const proxyOn = (agent: typeof serviceAgent): RequestHandler =>
    createUpstreamProxy({
      ...options,
      agent,
      target: options.targets[0]!,
      router: (req) => (req as PooledRequest)[INSTANCE]!,
      fallback: (req, res, status, code) =>
        failedOver((req as PooledRequest)[INSTANCE]!, req, res, status, code),
    });
  const proxy = proxyOn(serviceAgent);
  const streamProxy = proxyOn(streamAgent);
  const send = (target: string, req: PooledRequest, res: ServerResponse, next: () => void) => {
    req[INSTANCE] = target;
    if (req[SIGNER]) Object.assign(req.headers, req[SIGNER]());
    return (req[STREAM] ? streamProxy : proxy)(req, res, next);
  };

  const names = followNames(options.targets, rotation, options.dns);
  /**
   * A request that arrives before the names' first read waits for it (at most the resolver's timeout):
   * until then the list holds the names themselves, which only the DNS server asked may know.
   */
  let firstReadDone = false;
  void names.ready.finally(() => (firstReadDone = true)).catch(() => undefined);
  const namesRead = () => (firstReadDone ? undefined : names.ready.catch(() => undefined));
  const readiness = readinessProbe(
    rotation,
    options.readyProbeMs ?? DEFAULT_READY_PROBE_MS,
    (target) => options.log('upstream instance back', { upstream: options.name, target }),
  );

  function failedOver(
    target: string,
    req: PooledRequest,
    res: ServerResponse,
    status: 502 | 504,
    code: string | undefined,
  ): boolean {
    if (status === 502) {
      rotation.failed(target);
      readiness.probe(target);
      options.log('upstream instance taken out', {
        upstream: options.name,
        target,
        forMs: options.retryAfterMs,
      });
    }
    if (
      status === 502 &&
      !res.headersSent &&
      !req[RETRIED] &&
      (RETRYABLE.has(req.method ?? '') || neverSent(req, code))
    ) {
      const other = rotation.pick(target);
      if (other) {
        req[RETRIED] = true;
        void send(other, req, res, () => undefined);
        return true;
      }
    }
    return options.fallback?.(req, res, status) ?? false;
  }

  /**
   * Waits (at most timeoutMs, the request's deadline) for a free slot, then sends it to the next instance
   * in turn (when every one is out, the one back soonest) with what is left of its deadline. Past the
   * deadline: 503 with Retry-After, and the service never saw it.
   */
  const handler: ProxyHandler = async (req, res, nextMiddleware) => {
    const deadline = Date.now() + options.timeoutMs;
    const release = await slots.acquire(options.timeoutMs, res);
    if (release === 'closed') return;
    if (release === 'timed-out') {
      options.log('upstream busy', {
        upstream: options.name,
        requestId: req.headers['x-request-id'],
        waitedMs: options.timeoutMs,
        inFlight: slots.inFlight(),
      });
      sendUpstreamBusy(res, options.name, BUSY_RETRY_AFTER_SECONDS);
      return;
    }
    res.once('close', release);
    (req as PooledRequest)[DEADLINE] = deadline;
    await namesRead();
    return send(rotation.pick()!, req, res, nextMiddleware);
  };

  /** An event stream: on its own sockets, outside the slots (the gateway caps how many are open). */
  const streamHandler: ProxyHandler = async (req, res, nextMiddleware) => {
    (req as PooledRequest)[STREAM] = true;
    await namesRead();
    return send(rotation.pick()!, req, res, nextMiddleware);
  };

  return {
    handler,
    streamHandler,
    /** Ordinary requests in flight and waiting for a slot right now. */
    load: () => ({ inFlight: slots.inFlight(), waiting: slots.waiting() }),
    /** The base URL of the next instance in turn, for a call the gateway makes itself (the first screen). */
    target: () => rotation.pick()!,
    /**
     * Every instance as the names last resolved (the same list object until a re-read), for the
     * gateway's own calls to the service to follow (instance-rotation.ts's follow).
     */
    instances: () => rotation.targets(),
    /** Which instances are in right now (for logs, tests and a readiness answer). */
    status: () => rotation.targets().map((target) => ({ target, up: rotation.isUp(target) })),
    /** Resolves once the first DNS expansion is done (at once without dns). */
    ready: names.ready,
    refresh: names.refresh,
    stop: () => {
      readiness.stop();
      names.stop();
    },
  };
}

export type UpstreamPool = ReturnType<typeof createUpstreamPool>;
