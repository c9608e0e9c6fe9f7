import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './profile-api.ts';

/** The signed-in user's profile; null when signed out. */
export function useProfile() {
  return useQuery(profileQueryOptions);
}

/**
 * Whether someone is signed in, without the rest of the profile: a component that asks only this (the
 * routes around a whole page) is not rendered again by every XP change, only when sign-in state moves.
 */
export function useSignInState() {
  const signedIn = useQuery({ ...profileQueryOptions, select: (profile) => profile !== null });
  return { isLoading: signedIn.isPending, isSignedIn: signedIn.data === true };
}
