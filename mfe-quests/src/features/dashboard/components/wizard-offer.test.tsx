import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import QuestsRoutes from '../../../routes.tsx';
import { dashboardRoutes } from '../../../test/fixtures.ts';
import { holdWizardOffer } from '../../../test/wizard-offer.ts';

// The wizard's code is fetched when it offers itself. Here that fetch waits for the test's word, so the
// user can open a dialog of their own between the offer and the wizard's arrival.
const wizardCode = vi.hoisted(() => {
  let release = () => {};
  let loaded = () => {};
  return {
    released: new Promise<void>((resolve) => (release = resolve)),
    loaded: new Promise<void>((resolve) => (loaded = resolve)),
    release: () => release(),
    markLoaded: () => loaded(),
  };
});
vi.mock('../../wizard/components/quest-wizard-dialog.tsx', async (importActual) => {
  await wizardCode.released;
  const actual = await importActual();
  wizardCode.markLoaded();
  return actual;
});

afterEach(() => vi.restoreAllMocks());

describe("dashboard: the wizard's offer", () => {
  it('when a new user opens the Quick Win while the offered wizard is still loading, then the wizard does not open over it', async () => {
    const offer = holdWizardOffer();
    mockFetch(dashboardRoutes());
    renderWithProviders(<QuestsRoutes />, { route: '/' });
    const quickWin = await screen.findByRole('button', { name: 'Try a Quick Win' });
    await waitFor(() => expect(offer.armed()).toBe(1));
    offer.fire();
    await userEvent.click(quickWin);
    expect(await screen.findByRole('dialog', { name: 'Quick Win' })).toBeInTheDocument();

    await act(async () => {
      wizardCode.release();
      await wizardCode.loaded;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // One dialog, the user's: the wizard's question is nowhere on the page.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Quick Win' })).toBeVisible();
    expect(screen.queryByText('What brings you here today?')).not.toBeInTheDocument();
  });
});
