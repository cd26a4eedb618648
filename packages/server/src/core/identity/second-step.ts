import { SignJWT, jwtVerify } from 'jose';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginChallenge, SecondFactorMethod } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../context';
import { AppError, bizError } from '../../lib/errors';
import { findUserRow } from './identity.repository';
import type { ClientInfo } from './sessions';
import { factorState } from './two-factor';
import { accountMobile, maskMobile } from './account-mobile';

/**
 * The second step of every way of signing in (the password login, OpenID Connect, CAS). After the first factor, an
 * account with two factors (or whose role requires them) gets a short-lived challenge instead of a session: a signed
 * token naming the account, the name whose lockout counter wrong codes count against, how it signed in, the kind of
 * session and the device. Nothing else accepts it — it is no session token. The second-step routes
 * (features/auth/login-second-step.ts) take it for any way of signing in and open the session it stands for.
 */
const AUDIENCE = 'oa-second-step';
export const CHALLENGE_TTL_S = 300;

/** How the person proved who they are: the password form, an outside identity provider, or a portal's ticket. */
export type SignInMethod = 'password' | 'oidc' | 'cas' | 'portal';
export type SessionKind = 'web' | 'device' | 'sso';
const METHODS: readonly string[] = ['password', 'oidc', 'cas', 'portal'] satisfies SignInMethod[];
const KINDS: readonly string[] = ['web', 'device', 'sso'] satisfies SessionKind[];

export interface Challenge {
  userCode: string;
  /** the account name as typed at the password step (SSO: the user code): wrong codes count against it */
  account: string;
  method: SignInMethod;
  kind: SessionKind;
  deviceId: string | null;
  enrol: boolean;
  /** what the way of signing in parked for the session it opens (SSO: the hand-over, `registerSessionKeeper`) */
  ref: string | null;
}

async function signChallenge(ctx: AppContext, c: Challenge): Promise<string> {
  return new SignJWT({ acc: c.account, how: c.method, kind: c.kind, dev: c.deviceId, enrol: c.enrol, ref: c.ref })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(c.userCode)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S)
    .sign(ctx.jwtKey);
}

export async function readChallenge(ctx: AppContext, token: string): Promise<Challenge> {
  try {
    const { payload: p } = await jwtVerify(token, ctx.jwtKey, { algorithms: ['HS256'], audience: AUDIENCE });
    const method = p.how ?? 'password';
    if (typeof p.sub !== 'string' || typeof p.acc !== 'string' || !METHODS.includes(method as string) || !KINDS.includes(p.kind as string))
      throw new Error('claims');
    return {
      userCode: p.sub,
      account: p.acc,
      method: method as SignInMethod,
      kind: p.kind as SessionKind,
      deviceId: typeof p.dev === 'string' ? p.dev : null,
      enrol: p.enrol === true,
      ref: typeof p.ref === 'string' ? p.ref : null,
    };
  } catch {
    throw new AppError(ErrorCode.UNAUTHORIZED, '登录验证已超时，请重新登录', 401);
  }
}

/** The methods an enrolled account may use at the second step. */
export const methodsOf = (ctx: AppContext, mobile: string | null): SecondFactorMethod[] =>
  ctx.config.twoFactorSms && mobile ? ['totp', 'recovery', 'sms'] : ['totp', 'recovery'];

/** Whose second step is asked: the verified account, how, and the name its wrong codes count against. */
export interface SecondStepOf {
  userCode: string;
  account: string;
  method: SignInMethod;
  ref?: string | null;
}

/**
 * The one rule of every way of signing in, called after the first factor (by `signInVerified`): returns when the
 * account needs no second step, else audits the first factor and throws SECOND_FACTOR_REQUIRED carrying the
 * challenge (enrol = true: required by a role but not enrolled yet — the challenge opens only the enrolment).
 */
export async function requireSecondStep(
  ctx: AppContext,
  who: SecondStepOf,
  kind: SessionKind,
  client: ClientInfo,
  audit: (e: { action: string; result: 'ok'; target: string; userCode: string; detail: unknown }) => Promise<void>,
): Promise<void> {
  const state = await factorState(ctx, who.userCode);
  if (!state.enrolled && !state.requiredBy.length) return;
  const enrol = !state.enrolled;
  const account = enrol ? undefined : await findUserRow(ctx.db, who.userCode);
  const mobile = account ? accountMobile(ctx.fieldKeys, account) : null; // an outside applicant's opened
  const challenge = await signChallenge(ctx, {
    userCode: who.userCode,
    account: who.account,
    method: who.method,
    kind,
    deviceId: client.deviceId ?? null,
    enrol,
    ref: who.ref ?? null,
  });
  const methods = enrol ? [] : methodsOf(ctx, mobile);
  const data: LoginChallenge = {
    challenge,
    enrol,
    methods,
    maskedMobile: methods.includes('sms') && mobile ? maskMobile(mobile) : null,
    expiresIn: CHALLENGE_TTL_S,
  };
  await audit({
    action: who.method === 'password' ? 'login.password' : 'login.sso',
    result: 'ok',
    target: who.account,
    userCode: who.userCode,
    detail: { kind, method: who.method, secondStep: true, enrol },
  });
  throw bizError(
    enrol ? `您的角色（${state.requiredBy.join('、')}）要求启用双因素认证，请先绑定验证器` : '请输入动态口令完成登录',
    ErrorCode.SECOND_FACTOR_REQUIRED,
    data,
  );
}
