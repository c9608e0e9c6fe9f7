import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@levelup/contracts';
import { profileQueryKey } from '@levelup/web-kit';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { useUndoCompletion } from './use-quest-editing.ts';

const EVENT_ID = 'completion-1';

function UndoButton() {
  const undo = useUndoCompletion();
  return (
    <button type="button" onClick={() => undo.mutate(EVENT_ID)}>
      Undo
    </button>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Undo of a completion', () => {
  it('when the undo answers, then the XP it took back leaves the profile at once, before svc-community says whether a co-focus bonus goes back too', async () => {
    let answerBonus: (reply: { body: unknown }) => void = () => {};
    mockFetch({
      [`POST /api/quests/completions/${EVENT_ID}/undo`]: {
        body: { kind: 'quest', id: 'q1', title: 'Morning stretch', undone: true, xpDelta: -10 },
      },
      [`GET /api/community/co-focus/${EVENT_ID}`]: () =>
        new Promise((resolve) => (answerBonus = resolve)),
    });
    const { queryClient } = renderWithProviders(<UndoButton />);
    queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 130 }));
    const xp = () => queryClient.getQueryData<UserProfile>(profileQueryKey)?.xp;

    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    await waitFor(() => expect(xp()).toBe(120));

    // The completion had earned a 5 XP co-focus bonus: it goes back with it, and the toast says the whole.
    act(() => answerBonus({ body: { completionEventId: EVENT_ID, xp: 5 } }));
    await waitFor(() => expect(xp()).toBe(115));
    expect(await screen.findByText('Morning stretch: 15 XP taken back.')).toBeTruthy();
  });
});
