import { describe, expect, it } from 'vitest';
import { browserTimeZone, LOGIN_URL, loginUrl } from './use-auth.ts';

describe('loginUrl', () => {
  it("when the browser's zone is known, then external sign-in carries it, encoded", () => {
    expect(loginUrl('America/Argentina/Buenos_Aires')).toBe(
      '/api/login?timeZone=America%2FArgentina%2FBuenos_Aires',
    );
  });

  it('when no zone is given, then the browser’s own is used', () => {
    const zone = browserTimeZone();
    expect(zone).toBeTruthy();
    expect(loginUrl()).toBe(`${LOGIN_URL}?timeZone=${encodeURIComponent(zone!)}`);
  });

  it('when the zone is empty, then it is the plain sign-in URL', () => {
    expect(loginUrl('')).toBe(LOGIN_URL);
  });
});
