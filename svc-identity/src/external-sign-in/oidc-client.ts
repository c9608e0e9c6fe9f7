import * as oidc from 'openid-client';

/** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and where the provider sends the browser back. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  /** PUBLIC_URL + /api/login/callback: registered with the provider, exactly. */
  redirectUri: string;
}

/** What the browser carries between the start and the callback (in a signed, short-lived cookie). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in. */
export interface ExternalClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The authorisation-code flow with PKCE, state and nonce, through openid-client. The provider's
 * metadata is discovered on first use and kept; a failed discovery is tried again on the next sign-in.
 */
export function oidcClient(settings: OidcSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configured = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
        // A provider on plain http is a developer's or a test's (HTTPS everywhere else).
        new URL(settings.issuer).protocol === 'http:'
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    /** The callback as the browser asked for it (path and query behind the gateway's public origin). */
    callbackUrl(pathAndQuery: string): URL {
      return new URL(pathAndQuery, settings.redirectUri);
    },

    /** Where to send the browser, and what to keep until it comes back. */
    async start(): Promise<{ url: string; pending: PendingSignIn }> {
      const config = await configured();
      const pending: PendingSignIn = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /** Checks the provider's answer against what was kept and reads who signed in. Throws otherwise. */
    async finish(callbackUrl: URL, pending: PendingSignIn): Promise<ExternalClaims> {
      const config = await configured();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider sent no ID token');
      // Email and name come from the userinfo endpoint where the ID token leaves them out.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      const claims = { ...info, ...idToken };
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        preferredUsername: text(claims.preferred_username),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof oidcClient>;
