import * as oidc from 'openid-client';
import type { OidcSettings } from '../../core/identity/sso-config';

/**
 * The OpenID Connect relying party, through `openid-client`: discovery (lazily, at the first use, kept for the
 * process; a failure is not kept), authorization code with PKCE (S256), state and nonce, the ID token's signature
 * checked against the provider's keys (non-repudiation checks), RP-initiated logout.
 */
let discovered: { key: string; config: Promise<oidc.Configuration> } | null = null;

function configuration(s: OidcSettings): Promise<oidc.Configuration> {
  const key = `${s.issuer} ${s.clientId}`;
  if (discovered?.key === key) return discovered.config;
  const insecure = new URL(s.issuer).protocol === 'http:'; // only a loopback address (sso-config.ts)
  const config = oidc
    .discovery(
      new URL(s.issuer),
      s.clientId,
      s.clientSecret ?? undefined,
      s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None(),
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .then((c) => {
      oidc.enableNonRepudiationChecks(c);
      return c;
    });
  discovered = { key, config };
  config.catch(() => {
    if (discovered?.config === config) discovered = null;
  });
  return config;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function oidcAuthorizationUrl(s: OidcSettings, redirectUri: string): Promise<OidcStart> {
  const config = await configuration(s);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: s.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  claims: Record<string, unknown>;
  idToken: string;
}

/** Why a callback was refused: the provider said no / could not be reached, or its answer did not verify. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: 'provider' | 'token',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Redeems the callback's code (the address as the browser opened it) and returns the verified identity; the claims
 * the ID token lacks are read from the userinfo endpoint (same subject).
 */
export async function oidcRedeem(
  s: OidcSettings,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
  wanted: readonly string[],
): Promise<OidcIdentity> {
  const config = await configuration(s).catch((e: Error) => {
    throw new OidcRefusal('provider', e.message);
  });
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
  } catch (e) {
    // the provider's own error answer (access_denied, invalid_grant) or no answer: not a forgery
    const providerSaid = e instanceof oidc.AuthorizationResponseError || e instanceof oidc.ResponseBodyError;
    const unreachable = e instanceof TypeError || (e as { code?: string }).code === 'OAUTH_TIMEOUT';
    throw new OidcRefusal(providerSaid || unreachable ? 'provider' : 'token', (e as Error).message);
  }
  const idClaims = tokens.claims();
  if (!idClaims || !tokens.id_token) throw new OidcRefusal('token', 'no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  if (wanted.some((c) => claims[c] === undefined) && config.serverMetadata().userinfo_endpoint) {
    try {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    } catch (e) {
      throw new OidcRefusal('provider', (e as Error).message);
    }
  }
  return { issuer: idClaims.iss, subject: idClaims.sub, claims, idToken: tokens.id_token };
}

/** The provider's end-session address for an SSO session's logout, or null when it offers none. */
export async function oidcLogoutUrl(s: OidcSettings, idToken: string | null, afterLogout: string): Promise<string | null> {
  try {
    const config = await configuration(s);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      post_logout_redirect_uri: afterLogout,
      client_id: s.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  } catch {
    return null; // the provider is unreachable: the local logout still happens
  }
}
