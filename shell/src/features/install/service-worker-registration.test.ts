import { describe, expect, it, vi } from 'vitest';
import {
  NETWORK_QUIET_MS,
  registerServiceWorker,
  SERVICE_WORKER_UPDATE_MS,
  SETTLE_MAX_MS,
} from './service-worker-registration.ts';

describe('registerServiceWorker', () => {
  it('when the page has loaded and its network is quiet, then /service-worker.js is registered and checked for updates every 60 minutes', async () => {
    vi.useFakeTimers();
    const update = vi.fn(async () => {});
    const register = vi.fn(async () => ({ update }));
    const postMessage = vi.fn();
    const nav = {
      serviceWorker: { register, ready: Promise.resolve({ active: { postMessage } }) },
    } as unknown as Navigator;
    const stop = registerServiceWorker(nav, {
      addEventListener: vi.fn(),
      setInterval: window.setInterval.bind(window),
      clearInterval: window.clearInterval.bind(window),
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window),
      document: { readyState: 'complete' },
    } as never);
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/service-worker.js'));
    // The active worker is asked to keep the whole app for offline use.
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'precache' }));
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_MS * 2);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_MS);
    expect(update).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('when the browser blocks service workers (no registration), then nothing more is asked of it', async () => {
    vi.useFakeTimers();
    const register = vi.fn(async () => undefined);
    const setInterval = vi.fn();
    registerServiceWorker(
      { serviceWorker: { register } } as unknown as Navigator,
      {
        addEventListener: vi.fn(),
        setInterval,
        clearInterval: vi.fn(),
        setTimeout: window.setTimeout.bind(window),
        clearTimeout: window.clearTimeout.bind(window),
        document: { readyState: 'complete' },
      } as never,
    );
    vi.advanceTimersByTime(NETWORK_QUIET_MS);
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    await Promise.resolve();
    expect(setInterval).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('when the page is still loading, then registration waits for load; without service workers nothing happens', () => {
    const register = vi.fn(async () => ({ update: vi.fn() }));
    const addEventListener = vi.fn();
    registerServiceWorker(
      { serviceWorker: { register } } as unknown as Navigator,
      {
        addEventListener,
        setInterval: vi.fn(),
        clearInterval: vi.fn(),
        document: { readyState: 'loading' },
      } as never,
    );
    expect(register).not.toHaveBeenCalled();
    expect(addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
    expect(() => registerServiceWorker({} as Navigator)).not.toThrow();
  });

  it('when resources keep loading, then registration waits for quiet, but no longer than the cap', () => {
    vi.useFakeTimers();
    const register = vi.fn(async () => ({ update: vi.fn() }));
    const callbacks: Array<() => void> = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: () => void) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    registerServiceWorker(
      { serviceWorker: { register, ready: new Promise(() => {}) } } as unknown as Navigator,
      {
        addEventListener: vi.fn(),
        setInterval: vi.fn(),
        clearInterval: vi.fn(),
        setTimeout: window.setTimeout.bind(window),
        clearTimeout: window.clearTimeout.bind(window),
        document: { readyState: 'complete' },
      } as never,
    );
    // A resource finishes every second: never quiet for NETWORK_QUIET_MS.
    for (let elapsed = 0; elapsed < SETTLE_MAX_MS - 1000; elapsed += 1000) {
      vi.advanceTimersByTime(1000);
      for (const callback of callbacks) callback();
      expect(register).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(1000);
    expect(register).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
