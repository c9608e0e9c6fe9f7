// Holds the dashboard's timer of the wizard's offer in component tests, so a slow machine cannot fire
// it before (or after) the moment a test means.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { ONBOARDING_AUTO_OPEN_MS } from '@levelup/contracts';

/**
 * Timers of ONBOARDING_AUTO_OPEN_MS set from dashboard-route.tsx are held instead of run: `armed`
 * counts those set, `pending` those not cleared since, and `fire` runs those as if their time had come.
 * Every other timer runs as usual. Undo with `vi.restoreAllMocks()`.
 */
export function holdWizardOffer() {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const held = new Map<ReturnType<typeof setTimeout>, () => void>();
  let armed = 0;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms !== ONBOARDING_AUTO_OPEN_MS || !new Error().stack?.includes('dashboard-route'))
      return realSet(callback, ms, ...rest);
    const id = realSet(() => {}, 2 ** 31 - 1);
    held.set(id, callback);
    armed += 1;
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    held.delete(id as ReturnType<typeof setTimeout>);
    realClear(id);
  });
  return {
    armed: () => armed,
    pending: () => held.size,
    fire: () =>
      act(() => {
        for (const [id, callback] of held) {
          realClear(id);
          callback();
        }
        held.clear();
      }),
  };
}
