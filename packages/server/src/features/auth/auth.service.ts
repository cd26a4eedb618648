import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { jwtVerify } from 'jose';
import type { LoginBody, LoginResult } from '@oa/shared/contract/auth';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { AppError, bizError, forbidden, tooMany, unauthorized } from '../../lib/errors';
import { DAY, MINUTE, isoAfter, nowIso } from '../../lib/time';
import { hashStoredPassword, verifyStoredPassword } from '../../core/identity/password';
import {
  findUserByAccount,
  findUserRow,
  loadGrantedFunctions,
  revokeSession,
  revokeUserSessions,
} from '../../core/identity/identity.repository';
import type { ClientInfo } from '../../core/identity/sessions';
import { signInVerified, type AuditFn } from '../../core/identity/sign-in';
import { sendSmsCode, smsPurposeOf, verifySmsCode } from '../../core/identity/sms-codes';
import * as repo from './auth.repository';
import * as guard from './login-guard';
import { unlockAccount } from '../../core/identity/login-lock';
import { checkLoginPassword, DIRECTORY_DOWN } from './login-directory';
import { mobileLookup } from '../../core/identity/account-mobile';

const BAD_CREDENTIALS = '账号或密码错误';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Audit sink the routes provide, so the service never sees an HTTP object. */
export type { AuditFn };

async function captchaRequired(ctx: AppContext, account: string | undefined, ip: string): Promise<boolean> {
  return (await guard.loginState(ctx, account, ip)).captchaRequired;
}

export { loginState } from './login-guard';

export async function createCaptcha(ctx: AppContext, account: string | undefined, ip: string) {
  // fontSize fitted to the 40 px height: the default (56) drew glyphs past the bottom edge, cropped in the browser
  const c = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f0f5ff',
    width: 120,
    height: 40,
    fontSize: 40,
  });
  const captchaKey = randomBytes(16).toString('hex');
  await repo.purgeCaptchas(ctx.db, nowIso());
  await repo.insertCaptcha(ctx.db, captchaKey, sha(c.text.toLowerCase()), isoAfter(5 * MINUTE));
  return {
    captchaKey,
    image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
    required: await captchaRequired(ctx, account, ip),
  };
}

/** Consumes an image captcha: true when the key exists, is unused and unexpired, and the answer matches. */
async function solveCaptcha(ctx: AppContext, key: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!key || !answer) return false;
  const c = await repo.consumeCaptcha(ctx.db, key, nowIso());
  return !!c && c.answer_hash === sha(answer.trim().toLowerCase());
}

/**
 * Password login. The attempt is counted (login-guard.reserve) before anything is verified, so that
 * concurrent guesses cannot all read "no failures yet". A locked name — known or unknown — answers
 * ACCOUNT_LOCKED with the minutes left, even with the right password.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: ClientInfo,
  audit: AuditFn,
  kind: 'web' | 'device' = 'web',
): Promise<LoginResult> {
  const { db } = ctx;
  const account = body.username.trim();
  const limit = await ctx.rateLimiter.hit(`login:${client.ip}`, ctx.config.loginRatePerMin, MINUTE);
  if (!limit.allowed) throw tooMany('登录尝试过于频繁，请稍后再试');

  const r = await guard.reserve(ctx, account, client.ip);
  const locked = async (until: string) => {
    await r.release();
    await audit({ action: 'login', result: 'fail', target: account, detail: { reason: 'locked' } });
    ctx.metrics.logins.inc({ result: 'locked' });
    return new AppError(ErrorCode.ACCOUNT_LOCKED, guard.lockedMessage(until));
  };
  if (r.lockedUntil) throw await locked(r.lockedUntil);
  if (r.captchaRequired) {
    if (!body.captchaKey || !body.captcha) {
      await r.release();
      throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '请输入图形验证码');
    }
  }
  // LOCK_AFTER failures (or attempts still being decided) came before this one: it verifies nothing.
  if (r.priorAccount >= guard.LOCK_AFTER) throw await locked(isoAfter(guard.LOCK_MS));
  if (r.captchaRequired && !(await solveCaptcha(ctx, body.captchaKey, body.captcha))) {
    await r.release();
    await audit({ action: 'login', result: 'fail', target: account, detail: { reason: 'captcha' } });
    throw new AppError(ErrorCode.CAPTCHA_WRONG, '图形验证码错误或已过期');
  }

  const user = await findUserByAccount(db, account, mobileLookup(ctx.fieldKeys, account));
  const verdict = user ? await checkLoginPassword(ctx, user, body) : 'bad';
  if (verdict === 'unavailable') {
    await r.release();
    await audit({
      action: 'login',
      result: 'fail',
      target: account,
      userCode: user?.user_code,
      detail: { reason: 'directory-unavailable' },
    });
    throw bizError(DIRECTORY_DOWN);
  }
  if (!user || verdict !== 'ok') {
    const { lockedNow } = await r.failed();
    ctx.metrics.logins.inc({ result: 'failed' });
    if (lockedNow) ctx.metrics.lockouts.inc();
    await audit({
      action: 'login',
      result: 'fail',
      target: account,
      userCode: user?.user_code ?? null,
      detail: { reason: 'password', failures: r.priorAccount + 1, locked: lockedNow },
    });
    throw new AppError(ErrorCode.BAD_CREDENTIALS, BAD_CREDENTIALS);
  }
  if (user.status !== 'Y') {
    await audit({ action: 'login', result: 'fail', target: account, userCode: user.user_code, detail: { reason: 'disabled' } });
    throw new AppError(ErrorCode.ACCOUNT_DISABLED, '账号已停用，请联系管理员');
  }
  await r.succeeded();
  // a second step due answers SECOND_FACTOR_REQUIRED with its challenge instead (core/identity/second-step.ts)
  const { sessionId: _opened, ...result } = await signInVerified(
    ctx,
    { userCode: user.user_code, method: 'password', account, needChangePass: passwordExpiry(ctx, user).expired },
    kind,
    client,
    audit,
  );
  return result;
}

export function passwordExpiry(
  ctx: AppContext,
  u: { password_reset: string; password_changed_at: string },
  sessionKind?: 'web' | 'device' | 'sso',
) {
  // a session opened by single sign-on used no password of this system: nothing to change for it
  if (sessionKind === 'sso') return { expired: false, reason: 'none' as const, changedAt: u.password_changed_at };
  if (u.password_reset === 'Y') return { expired: true, reason: 'reset' as const, changedAt: u.password_changed_at };
  const aged = Date.parse(u.password_changed_at) + ctx.config.passwordMaxAgeDays * DAY <= Date.now();
  return { expired: aged, reason: aged ? ('age' as const) : ('none' as const), changedAt: u.password_changed_at };
}

/** The platforms a user belongs to (the user-info answer). */
/** Every function granted to the roles, hidden pages and buttons included. */
/** The functions of `roleCodes` (with their folders); `granted`: the roles' permission codes when the guard holds them. */
export const grantedFunctions = (
  ctx: AppContext,
  roleCodes: readonly string[],
  granted?: () => Promise<ReadonlySet<string>>,
  menuVersion?: string,
) => loadGrantedFunctions(ctx.db, roleCodes, { granted, menuVersion });
/** Ends the session at once. */
export const logout = (ctx: AppContext, sessionId: string) => revokeSession(ctx.db, sessionId, nowIso(), 'logout');

export async function passwordStatus(ctx: AppContext, userCode: string, sessionKind?: 'web' | 'device' | 'sso') {
  const u = await findUserRow(ctx.db, userCode);
  if (!u) throw forbidden();
  return passwordExpiry(ctx, u, sessionKind);
}

/** SMS codes live in core (shared with the personal centre's mobile change). */

interface SmsAsk {
  mobile: string;
  source: string;
  captchaKey?: string;
  imageCaptcha?: string;
}

/**
 * An SMS code asked for without a session (the login page's forgotten password): only a password-reset
 * code, and only after an image captcha (one captcha, one send).
 */
export async function sendAnonymousSms(ctx: AppContext, q: SmsAsk, ip: string): Promise<void> {
  if (smsPurposeOf(q.source) !== 'reset') throw unauthorized('更换手机号须先登录');
  if (!q.captchaKey || !q.imageCaptcha) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '请先输入图形验证码');
  if (!(await solveCaptcha(ctx, q.captchaKey, q.imageCaptcha))) throw new AppError(ErrorCode.CAPTCHA_WRONG, '图形验证码错误或已过期');
  await sendSmsCode(ctx, q.mobile, 'reset', ip);
}

/** An SMS code asked for by a signed-in user: a reset code only to their own number; a mobile change to the new number. */
export async function sendSignedInSms(
  ctx: AppContext,
  me: { userCode: string; mobile: string | null },
  q: SmsAsk,
  ip: string,
): Promise<void> {
  const purpose = smsPurposeOf(q.source);
  if (purpose === 'reset' && q.mobile !== me.mobile) throw bizError('只能向本人绑定的手机号发送重置密码验证码');
  if (!(await ctx.rateLimiter.hit(`sms-user:${me.userCode}`, 10, 60 * MINUTE)).allowed) throw tooMany('发送验证码过于频繁，请稍后再试');
  await sendSmsCode(ctx, q.mobile, purpose, ip);
}

/** Changes the caller's password and ends their other sessions; `audit` is written last in that transaction. */
export async function changePassword(
  ctx: AppContext,
  me: { userCode: string; sessionId: string },
  body: { userCode: string; oldPassword: string; password: string },
  audit: AuditLast,
) {
  if (body.userCode !== me.userCode) throw forbidden('只能修改本人的密码');
  const u = await findUserRow(ctx.db, me.userCode);
  if (!u) throw forbidden();
  if (!(await verifyStoredPassword(u.password_hash, body.oldPassword))) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG, '旧密码错误');
  if (body.oldPassword === body.password) throw bizError('新密码不能与旧密码相同');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, me.userCode, await hashStoredPassword(body.password), at, 'N');
    await revokeUserSessions(trx, me.userCode, at, 'password-change', me.sessionId);
    await audit(trx);
  });
}

/** Resets a password by SMS code (unlocking the account); `audit` gets the account and is written last in that transaction. */
export async function resetPassword(
  ctx: AppContext,
  me: { userCode: string; sessionId: string } | null,
  body: { userCode?: string; mobile: string; password: string; captcha: string },
  ip: string,
  audit: AuditLast<string>,
) {
  if (!(await ctx.rateLimiter.hit(`reset:${ip}`, 10, 15 * MINUTE)).allowed) throw tooMany('重置密码过于频繁，请稍后再试');
  const u = await repo.findUserByMobile(ctx.db, mobileLookup(ctx.fieldKeys, body.mobile));
  await verifySmsCode(ctx, body.mobile, 'reset', body.captcha);
  if (!u || (body.userCode && body.userCode !== u.user_code)) throw bizError('手机号与账号不匹配');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, u.user_code, await hashStoredPassword(body.password), at, 'N');
    await revokeUserSessions(trx, u.user_code, at, 'password-reset', me?.userCode === u.user_code ? me.sessionId : undefined);
    await unlockAccount(trx, [u.user_code, body.mobile]);
    await audit(trx, u.user_code);
  });
  return u.user_code;
}

/** A trusted portal's HS256-signed one-time ticket (sub = user code, jti, exp ≤ 5 min) becomes a session (after its second step). */
export async function ssoLogin(ctx: AppContext, ticket: string, client: ClientInfo, audit: AuditFn): Promise<LoginResult> {
  if (!ctx.config.ssoSecret) throw bizError('未配置单点登录（OA_SSO_SECRET）');
  let sub: string;
  let jti: string;
  try {
    const { payload } = await jwtVerify(ticket, new TextEncoder().encode(ctx.config.ssoSecret), {
      algorithms: ['HS256'],
      audience: 'oa-sso',
      maxTokenAge: '5m',
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') throw new Error('claims');
    sub = payload.sub;
    jti = payload.jti;
  } catch {
    await audit({ action: 'sso', result: 'fail', detail: { reason: 'ticket' } });
    throw new AppError(ErrorCode.UNAUTHORIZED, '单点登录票据无效或已过期', 401);
  }
  if (!(await repo.claimSsoTicket(ctx.db, jti, nowIso()))) throw new AppError(ErrorCode.UNAUTHORIZED, '单点登录票据已使用', 401);
  const u = await findUserRow(ctx.db, sub);
  if (!u || u.status !== 'Y') throw new AppError(ErrorCode.UNAUTHORIZED, '账号不存在或已停用', 401);
  // the same rule as every sign-in: an account with two factors gets SECOND_FACTOR_REQUIRED and its challenge
  const { sessionId: _opened, ...result } = await signInVerified(
    ctx,
    { userCode: u.user_code, method: 'portal', account: u.user_code, needChangePass: passwordExpiry(ctx, u).expired },
    'sso',
    client,
    audit,
  );
  return result;
}

/** The mobile app: credentials + device id give a token that only works with header auth-device = deviceId. */
export async function authorizeDevice(
  ctx: AppContext,
  deviceId: string,
  body: LoginBody,
  client: ClientInfo,
  audit: AuditFn,
): Promise<LoginResult> {
  return login(ctx, body, { ...client, deviceId }, audit, 'device');
}
