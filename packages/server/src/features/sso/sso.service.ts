import { createHash, randomBytes } from 'node:crypto';
import type { SsoExchangeResult } from '@oa/shared/contract/sso';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginChallenge } from '@oa/shared/contract/two-factor';
import { SSO_FAILURES, safeReturnPath, type SsoFailure } from '@oa/shared/access/sso-landing';
import type { AppContext } from '../../core/context';
import type { CasSettings, OidcSettings } from '../../core/identity/sso-config';
import type { ClientInfo } from '../../core/identity/sessions';
import { signInVerified, type AuditFn } from '../../core/identity/sign-in';
import { CHALLENGE_TTL_S } from '../../core/identity/second-step';
import { HOUR, MINUTE, isoAfter, isoBefore, nowIso } from '../../lib/time';
import { AppError, bizError, tooMany } from '../../lib/errors';
import * as repo from './sso.repository';
import { oidcAuthorizationUrl, oidcLogoutUrl, oidcRedeem, OidcRefusal } from './oidc.client';
import { casLoginUrl, casLogoutUrl, casValidate, CasRefusal } from './cas.client';
import { accountFor, SsoRefused, type OutsideIdentity } from './sso-accounts';

/**
 * Single sign-on (docs/configuration.md「单点登录」): the start sends the browser to the provider, the callback verifies what comes
 * back and resolves the account, then hands the login page a one-time code (never a token in an address) that the
 * page exchanges for an ordinary session. Every step counts only in the browser that started (a cookie's hash).
 */
const PENDING_MS = 10 * MINUTE;
const HANDOFF_MS = 2 * MINUTE;
export const LOGIN_PAGE = '/oa/login';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const random = () => randomBytes(24).toString('base64url');

export const callbackPath = (protocol: 'oidc' | 'cas') => `/oa/api/base/sso/${protocol}/callback`;

/** The browser's key (its cookie), made when it has none. */
export const browserKeyOf = (cookie: string | undefined) => (cookie && /^[A-Za-z0-9_-]{32}$/.test(cookie) ? cookie : random());

function settings(ctx: AppContext) {
  const s = ctx.config.sso;
  if (!s) throw bizError(SSO_FAILURES.off);
  return s;
}

/** Where the browser goes to sign in at the provider, for a sign-in that will land on `returnPath`. */
export async function beginSignIn(
  ctx: AppContext,
  origin: string,
  protocol: 'oidc' | 'cas',
  returnPath: string | undefined,
  browserKey: string,
  ip: string,
  audit: AuditFn,
): Promise<string> {
  const s = settings(ctx);
  if (s.protocol !== protocol) throw bizError('未配置该统一身份认证登录方式');
  if (!(await ctx.rateLimiter.hit(`sso:${ip}`, ctx.config.loginRatePerMin, MINUTE)).allowed) throw tooMany('登录尝试过于频繁，请稍后再试');
  const at = nowIso();
  await repo.purgePending(ctx.db, at);
  const row = { protocol: s.protocol, browser_hash: sha(browserKey), return_path: safeReturnPath(returnPath), handoff_hash: null };
  const rest = { user_code: null, id_token: null, created_at: at, expires_at: isoAfter(PENDING_MS) };
  if (s.protocol === 'oidc') {
    let start: Awaited<ReturnType<typeof oidcAuthorizationUrl>>;
    try {
      start = await oidcAuthorizationUrl(s, origin + callbackPath('oidc'));
    } catch (e) {
      // discovery failed (the provider is down or misconfigured): the login page says so, the password login stays
      const message = (e as Error).message.slice(0, 300);
      await audit({ action: 'login', result: 'fail', detail: { method: 'oidc', reason: 'provider', stage: 'discovery', message } });
      return landing({ ssoError: 'provider' });
    }
    await repo.insertPending(ctx.db, { ...row, ...rest, state: start.state, nonce: start.nonce, code_verifier: start.codeVerifier });
    return start.url;
  }
  const state = random();
  await repo.insertPending(ctx.db, { ...row, ...rest, state, nonce: '', code_verifier: '' });
  return casLoginUrl(s, casService(origin, state));
}

const casService = (origin: string, state: string) => `${origin}${callbackPath('cas')}?state=${encodeURIComponent(state)}`;

/** The login page's address after a callback: a one-time code, or the reason it failed. */
const landing = (q: { sso: string } | { ssoError: SsoFailure }) => `${LOGIN_PAGE}?${new URLSearchParams(q).toString()}`;

/** The provider sent the browser back: verify, resolve the account, hand over. Answers the address to send it to. */
export async function finishSignIn(
  ctx: AppContext,
  protocol: 'oidc' | 'cas',
  origin: string,
  query: Record<string, string | undefined>,
  browserKey: string | undefined,
  audit: AuditFn,
): Promise<string> {
  const fail = async (reason: SsoFailure, detail: Record<string, unknown> = {}, userCode: string | null = null) => {
    await audit({
      action: 'login',
      result: 'fail',
      userCode,
      target: (detail.subject as string) ?? undefined,
      detail: { method: protocol, reason, ...detail },
    });
    ctx.metrics.logins.inc({ result: 'failed' });
    return landing({ ssoError: reason });
  };
  const s = ctx.config.sso;
  if (!s || s.protocol !== protocol) return fail('off');
  const pending = query.state ? await repo.takePending(ctx.db, query.state, nowIso()) : undefined;
  if (!pending || !browserKey || pending.browser_hash !== sha(browserKey) || pending.protocol !== protocol) return fail('state');

  let who: OutsideIdentity;
  let idToken: string | null = null;
  try {
    if (s.protocol === 'oidc') {
      const url = new URL(origin + callbackPath('oidc'));
      for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
      const wanted = [s.matchClaim, s.nameClaim, s.deptClaim].filter((c): c is string => !!c);
      const got = await oidcRedeem(s, url, { state: pending.state, nonce: pending.nonce, codeVerifier: pending.code_verifier }, wanted);
      who = { protocol, issuer: got.issuer, subject: got.subject, claims: got.claims };
      idToken = got.idToken;
    } else {
      if (!query.ticket) return fail('provider', { message: 'no ticket' });
      const got = await casValidate(s, casService(origin, pending.state), query.ticket);
      who = { protocol, issuer: s.baseUrl, subject: got.user, claims: got.attributes };
    }
  } catch (e) {
    if (e instanceof OidcRefusal || e instanceof CasRefusal) return fail(e.reason, { message: e.message.slice(0, 300) });
    throw e;
  }

  let account: { userCode: string; created: boolean };
  try {
    account = await accountFor(ctx, who);
  } catch (e) {
    if (e instanceof SsoRefused) return fail(e.reason, { issuer: who.issuer, subject: who.subject }, e.userCode);
    throw e;
  }
  if (account.created)
    await audit({
      action: 'user.create',
      result: 'ok',
      target: account.userCode,
      userCode: account.userCode,
      detail: { by: protocol, issuer: who.issuer },
    });
  const code = random();
  const at = nowIso();
  await repo.insertPending(ctx.db, {
    state: random(),
    protocol,
    browser_hash: pending.browser_hash,
    nonce: '',
    code_verifier: '',
    return_path: pending.return_path,
    handoff_hash: sha(code),
    user_code: account.userCode,
    id_token: idToken,
    created_at: at,
    expires_at: isoAfter(HANDOFF_MS),
  });
  return landing({ sso: code });
}

/** A parked sign-in's key in `sso_pending` (apart from the hand-over codes' hashes). */
const parkedHash = (ref: string) => sha(`parked:${ref}`);

/**
 * The login page's one-time code becomes an ordinary session through the same step as the password login
 * (`signInVerified`): an account with two factors (or whose role requires them) gets the same SECOND_FACTOR_REQUIRED
 * answer and challenge instead, with the page to land on, and its session opens at the second step. Either way the
 * sign-in is parked under the challenge's `ref` until its session opens (`keepSession`).
 */
export async function exchange(
  ctx: AppContext,
  code: string,
  browserKey: string | undefined,
  client: ClientInfo,
  audit: AuditFn,
): Promise<SsoExchangeResult> {
  const s = settings(ctx);
  const ref = random();
  const now = nowIso();
  const h = browserKey
    ? await repo.parkHandoff(ctx.db, {
        handoffHash: sha(code),
        browserHash: sha(browserKey),
        parkedHash: parkedHash(ref),
        now,
        expiresAt: isoAfter(CHALLENGE_TTL_S * 1000 + MINUTE),
      })
    : undefined;
  if (!h?.user_code) {
    await audit({ action: 'login', result: 'fail', detail: { method: s.protocol, reason: 'handoff' } });
    throw bizError('统一身份认证登录已失效，请重新登录');
  }
  try {
    const { sessionId: _kept, ...result } = await signInVerified(
      ctx,
      { userCode: h.user_code, method: h.protocol, account: h.user_code, needChangePass: false, ref },
      'sso',
      client,
      audit,
    );
    return { ...result, redirect: h.return_path };
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCode.SECOND_FACTOR_REQUIRED) {
      const data: LoginChallenge = { ...(e.data as LoginChallenge), redirect: h.return_path };
      throw bizError(e.message, e.code, data);
    }
    throw e;
  }
}

/** Once an SSO sign-in's session opens (at once or after its second step): what the provider's logout needs. */
export async function keepSession(ctx: AppContext, s: { sessionId: string; ref: string }): Promise<void> {
  const h = await repo.takeParked(ctx.db, parkedHash(s.ref), nowIso());
  if (!h) return;
  await repo.purgeSsoSessions(ctx.db, isoBefore(ctx.config.absoluteTimeoutH * HOUR));
  await repo.insertSsoSession(ctx.db, { sessionId: s.sessionId, protocol: h.protocol, idToken: h.id_token, at: nowIso() });
}

/** Where the browser goes after logging out of a session SSO opened (the provider's logout), or null. */
export async function providerLogoutUrl(ctx: AppContext, origin: string, sessionId: string): Promise<string | null> {
  const s = ctx.config.sso;
  const row = await repo.takeSsoSession(ctx.db, sessionId);
  if (!s || !row || row.protocol !== s.protocol) return null;
  const after = origin + LOGIN_PAGE;
  return s.protocol === 'oidc' ? oidcLogoutUrl(s as OidcSettings, row.id_token, after) : casLogoutUrl(s as CasSettings, after);
}

/** Evidence for the 等保 self-check: whether SSO is configured, which protocol, and how many identities are linked. */
export async function ssoSelfCheck(ctx: AppContext): Promise<{
  configured: boolean;
  protocol: 'oidc' | 'cas' | null;
  provider: string | null;
  autoCreate: boolean;
  linkedIdentities: number;
}> {
  const s = ctx.config.sso;
  return {
    configured: !!s,
    protocol: s?.protocol ?? null,
    provider: s ? (s.protocol === 'oidc' ? s.issuer : s.baseUrl) : null,
    autoCreate: s?.autoCreate ?? false,
    linkedIdentities: await repo.countLinks(ctx.db),
  };
}
