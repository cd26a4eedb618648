import { startOidcProvider, type OidcPerson, type RunningOidcProvider } from '@oa/shared/test/oidc-provider-kit';
import { ssoConfigOf, type SsoConfig } from '../src/core/identity/sso-config';
import { OA_ORIGIN } from './sso-browser';

/** The relying party AssocOA is at the tests' OpenID provider. */
export const OIDC_CLIENT = { client_id: 'assoc-oa', client_secret: 'kit-secret-0123456789' };

/** A real OpenID provider that knows AssocOA (its callback and logout return) and `people`. */
export const startKitOidc = (people: OidcPerson[]): Promise<RunningOidcProvider> =>
  startOidcProvider({
    clients: [
      {
        ...OIDC_CLIENT,
        redirect_uris: [`${OA_ORIGIN}/oa/api/base/sso/oidc/callback`],
        post_logout_redirect_uris: [`${OA_ORIGIN}/oa/login`],
      },
    ],
    people,
  });

/** AssocOA's single sign-on settings for that provider, as the environment would give them (`extra`: more variables). */
export const kitOidcConfig = (op: RunningOidcProvider, extra: Record<string, string> = {}): SsoConfig =>
  ssoConfigOf({
    OA_OIDC_ISSUER: op.issuer,
    OA_OIDC_CLIENT_ID: OIDC_CLIENT.client_id,
    OA_OIDC_CLIENT_SECRET: OIDC_CLIENT.client_secret,
    ...extra,
  });
