import { SignJWT, jwtVerify } from 'jose';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginChallenge, SecondFactorMethod } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../../core/context';
import { AppError, bizError } from '../../lib/errors';
import { factorState, maskMobile } from '../../core/identity/two-factor';
import type { ClientInfo } from '../../core/identity/sessions';

/**
 * The login's second step. After a right password, an account with two factors (or whose role requires them)
 * gets a short-lived challenge instead of a session: a signed token naming the account, the name as typed (its
 * lockout counter), the kind of session and the device. Nothing else accepts it — it is no session token.
 */
const AUDIENCE = 'oa-second-step';
export const CHALLENGE_TTL_S = 300;

export interface Challenge {
  userCode: string;
  /** the account name as typed at the password step: wrong codes count against it */
  account: string;
  kind: 'web' | 'device';
  deviceId: string | null;
  enrol: boolean;
}

async function signChallenge(ctx: AppContext, c: Challenge): Promise<string> {
  return new SignJWT({ acc: c.account, kind: c.kind, dev: c.deviceId, enrol: c.enrol })
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
    if (typeof p.sub !== 'string' || typeof p.acc !== 'string' || (p.kind !== 'web' && p.kind !== 'device')) throw new Error('claims');
    return { userCode: p.sub, account: p.acc, kind: p.kind, deviceId: typeof p.dev === 'string' ? p.dev : null, enrol: p.enrol === true };
  } catch {
    throw new AppError(ErrorCode.UNAUTHORIZED, '登录验证已超时，请重新输入账号密码', 401);
  }
}

/** The methods an enrolled account may use at the second step. */
export const methodsOf = (ctx: AppContext, mobile: string | null): SecondFactorMethod[] =>
  ctx.config.twoFactorSms && mobile ? ['totp', 'recovery', 'sms'] : ['totp', 'recovery'];

/**
 * Called after the password was verified: returns when the account needs no second step, else throws
 * SECOND_FACTOR_REQUIRED carrying the challenge (enrol = true: required by a role but not enrolled yet).
 */
export async function requireSecondStep(
  ctx: AppContext,
  user: { user_code: string; mobile: string | null },
  account: string,
  kind: 'web' | 'device',
  client: ClientInfo,
): Promise<void> {
  const state = await factorState(ctx, user.user_code);
  if (!state.enrolled && !state.requiredBy.length) return;
  const enrol = !state.enrolled;
  const challenge = await signChallenge(ctx, { userCode: user.user_code, account, kind, deviceId: client.deviceId ?? null, enrol });
  const methods = enrol ? [] : methodsOf(ctx, user.mobile);
  const data: LoginChallenge = {
    challenge,
    enrol,
    methods,
    maskedMobile: methods.includes('sms') && user.mobile ? maskMobile(user.mobile) : null,
    expiresIn: CHALLENGE_TTL_S,
  };
  throw bizError(
    enrol ? `您的角色（${state.requiredBy.join('、')}）要求启用双因素认证，请先绑定验证器` : '请输入动态口令完成登录',
    ErrorCode.SECOND_FACTOR_REQUIRED,
    data,
  );
}
