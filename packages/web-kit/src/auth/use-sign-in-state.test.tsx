import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { profileFixture } from '../testing/fixtures.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { profileQueryKey } from './profile-api.ts';
import { useSignInState } from './use-profile.ts';

let renders = 0;
function SignedIn() {
  renders += 1;
  const { isLoading, isSignedIn } = useSignInState();
  return <p>{isLoading ? 'checking' : isSignedIn ? 'signed in' : 'signed out'}</p>;
}

describe('useSignInState', () => {
  it('when the XP moves, then a page that only asks whether someone is signed in is not rendered again', async () => {
    const queryClient = createQueryClient({ onUnauthorized: () => {} });
    queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 10 }));
    renderWithProviders(<SignedIn />, { queryClient });
    expect(await screen.findByText('signed in')).toBeTruthy();
    const before = renders;

    act(() => queryClient.setQueryData(profileQueryKey, profileFixture({ xp: 20 })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(renders).toBe(before);

    act(() => queryClient.setQueryData(profileQueryKey, null));
    expect(await screen.findByText('signed out')).toBeTruthy();
  });
});
