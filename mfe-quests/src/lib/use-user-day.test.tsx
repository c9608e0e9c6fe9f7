import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, profileQueryKey } from '@levelup/web-kit';
import { profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { useUserDay } from './use-user-day.ts';

let renders = 0;
function Zone() {
  renders += 1;
  return <p>{useUserDay().timeZone}</p>;
}

describe('useUserDay', () => {
  it("when the XP moves, then what only needs the user's day is not rendered again; when the zone moves, it is", async () => {
    const queryClient = createQueryClient({ onUnauthorized: () => {} });
    queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 10, timeZone: 'Asia/Tokyo' }));
    renderWithProviders(<Zone />, { queryClient });
    expect(await screen.findByText('Asia/Tokyo')).toBeTruthy();
    const before = renders;

    act(() =>
      queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 20, timeZone: 'Asia/Tokyo' })),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(renders).toBe(before);

    act(() =>
      queryClient.setQueryData(
        profileQueryKey,
        profileFixture({ xp: 20, timeZone: 'Europe/Paris' }),
      ),
    );
    expect(await screen.findByText('Europe/Paris')).toBeTruthy();
  });
});
