import { signRequest } from '@oa/shared/crypto/signature';

/** Who signs: the app id and secret the server checks (its config's; a server started without them has these). */
export interface Signer {
  signAppId: string;
  signSecret: string;
}

export const DEV_SIGNER: Signer = { signAppId: 'oa-web', signSecret: 'oa-dev-sign-secret' };

/**
 * The headers the web client sends with an API call: the request signature of spec §7 over the path (a query
 * string is not signed), the client's source and device, and the bearer token when there is one. The one copy for
 * the in-process test app, the server-process tests and the benchmarks.
 */
export async function signedHeaders(url: string, token?: string | null, signer: Signer = DEV_SIGNER): Promise<Record<string, string>> {
  const ts = String(Date.now());
  return {
    'auth-appid': signer.signAppId,
    'auth-timestamp': ts,
    'auth-signature': await signRequest(signer.signSecret, url.split('?')[0], ts, signer.signAppId),
    'auth-source': 'web',
    'auth-device': 'pc',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}
