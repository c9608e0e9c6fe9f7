// The onboarding-completed flag in local storage, stored as 'true' (Local browser storage).
export const ONBOARDING_COMPLETED_KEY = 'levelup-onboarding-completed';

export function isOnboardingComplete(): boolean {
  try {
    return window.localStorage.getItem(ONBOARDING_COMPLETED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function markOnboardingComplete(): void {
  try {
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, 'true');
  } catch {
    // Storage can be unavailable (private mode); the wizard then simply offers itself again.
  }
}
