import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_UPDATE_MS } from './service-worker-registration.ts';

describe('registerServiceWorker (goals-progression-community.md section 5)', () => {
  it('when the page has loaded, then /service-worker.js is registered and checked for updates every 60 minutes', async () => {
    vi.useFakeTimers();
    const update = vi.fn(async () => {});
    const register = vi.fn(async () => ({ update }));
    const nav = { serviceWorker: { register } } as unknown as Navigator;
    const stop = registerServiceWorker(nav, {
      addEventListener: vi.fn(),
      setInterval: window.setInterval.bind(window),
      clearInterval: window.clearInterval.bind(window),
      document: { readyState: 'complete' },
    } as never);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/service-worker.js'));
    await Promise.resolve();
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_MS * 2);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(SERVICE_WORKER_UPDATE_MS);
    expect(update).toHaveBeenCalledTimes(2);
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
});
