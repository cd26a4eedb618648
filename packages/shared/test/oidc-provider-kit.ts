import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) for the SSO tests: the server's integration tests drive it over
 * HTTP, the e2e spec through Chromium. Its built-in pages sign anyone in by the login name typed (any password) and
 * ask for consent; the name is the subject (`sub`) and the person's claims come from `people`. No I/O of the product.
 */
export interface OidcPerson {
  /** what is typed on the provider's login page; the `sub` of the ID token */
  login: string;
  preferred_username?: string;
  email?: string;
  phone_number?: string;
  name?: string;
  /** a custom claim (scope profile): the department code */
  dept?: string;
}

export interface OidcClientSpec {
  client_id: string;
  /** absent: a public client (PKCE, no secret) */
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
}

/** How the token endpoint's ID token is spoiled, to see the relying party refuse it. */
export type IdTokenTamper = 'none' | 'claims' | 'unsigned' | 'foreign-key';

export interface RunningOidcProvider {
  issuer: string;
  port: number;
  /** the people, by login; change a claim between sign-ins to rename someone at the provider */
  people: Map<string, OidcPerson>;
  tamper: IdTokenTamper;
  /** every token request's code_verifier seen (proof that the relying party used PKCE) */
  codeVerifiers: string[];
  stop(): Promise<void>;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

async function spoil(idToken: string, how: IdTokenTamper, foreignKey: PrivateKey): Promise<string> {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (how === 'claims') return `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;
  if (how === 'unsigned') return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string }).kid;
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(foreignKey);
}

/** A private signing key (JWK) for the provider. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'kit-1' };
}

/**
 * Starts the provider on `port` (0: any free port) of 127.0.0.1; the issuer is http://127.0.0.1:<port>. A provider
 * started again on the same port for a relying party that keeps its keys (an e2e retry) passes the same `signingKey`.
 */
export async function startOidcProvider(opts: {
  port?: number;
  signingKey?: JWK;
  clients: OidcClientSpec[];
  people: OidcPerson[];
}): Promise<RunningOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const foreign = await generateKeyPair('RS256');
  const signing = opts.signingKey ?? (await newSigningKey());
  const people = new Map(opts.people.map((p) => [p.login, p]));
  const running: RunningOidcProvider = {
    issuer,
    port,
    people,
    tamper: 'none',
    codeVerifiers: [],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: c.client_secret ? 'client_secret_basic' : 'none',
    })),
    jwks: { keys: [signing] },
    cookies: { keys: ['oidc-provider-kit-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'dept'], email: ['email'], phone: ['phone_number'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        async claims() {
          const { login, ...claims } = people.get(id) ?? person;
          return { sub: login, ...claims };
        },
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.method !== 'POST') return;
    const verifier = (ctx.oidc?.params as { code_verifier?: string } | undefined)?.code_verifier;
    if (verifier) running.codeVerifiers.push(verifier);
    const answer = ctx.body as { id_token?: string } | undefined;
    if (running.tamper !== 'none' && answer?.id_token) answer.id_token = await spoil(answer.id_token, running.tamper, foreign.privateKey);
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return running;
}
