import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { jwtVerify } from 'jose';
import type { LoginBody, LoginResult } from '@oa/shared/contract/auth';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { AppContext } from '../../core/context';
import { AppError, bizError, forbidden, tooMany } from '../../lib/errors';
import { DAY, MINUTE, isoAfter, isoBefore, nowIso } from '../../lib/time';
import { hashStoredPassword, verifyStoredPassword } from '../../core/password';
import { findUserByAccount, findUserRow, loadSessionUser, revokeUserSessions } from '../../core/identity.repository';
import { openSession, type ClientInfo } from '../../core/sessions';
import { verifySmsCode } from '../../core/sms-codes';
import * as repo from './auth.repository';

export const BAD_CREDENTIALS = '账号或密码错误';
const LOCK_AFTER = 5;
const CAPTCHA_AFTER = 3;
const FAILURE_WINDOW = 15 * MINUTE;
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Audit sink the routes provide, so the service never sees an HTTP object. */
export type AuditFn = (e: { action: string; result: 'ok' | 'fail' | 'denied'; target?: string; userCode?: string | null; detail?: unknown }) => Promise<void>;

export async function captchaRequired(ctx: AppContext, account: string | undefined, ip: string): Promise<boolean> {
  const policy = ctx.config.loginCaptcha;
  if (policy === 'always') return true;
  if (policy === 'off') return false;
  const since = isoBefore(FAILURE_WINDOW);
  if ((await repo.countFailures(ctx.db, 'ip', ip, since)) >= CAPTCHA_AFTER) return true;
  return !!account && (await repo.countFailures(ctx.db, 'account', account, since)) >= CAPTCHA_AFTER;
}

export async function createCaptcha(ctx: AppContext, account: string | undefined, ip: string) {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f0f5ff', width: 120, height: 40 });
  const captchaKey = randomBytes(16).toString('hex');
  await repo.purgeCaptchas(ctx.db, nowIso());
  await repo.insertCaptcha(ctx.db, captchaKey, sha(c.text.toLowerCase()), isoAfter(5 * MINUTE));
  return {
    captchaKey,
    image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
    required: await captchaRequired(ctx, account, ip),
  };
}

export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo, audit: AuditFn, kind: 'web' | 'device' = 'web'): Promise<LoginResult> {
  const { db } = ctx;
  const account = body.username.trim();
  const limit = await ctx.rateLimiter.hit(`login:${client.ip}`, ctx.config.loginRatePerMin, MINUTE);
  if (!limit.allowed) throw tooMany('登录尝试过于频繁，请稍后再试');

  if (await captchaRequired(ctx, account, client.ip)) {
    if (!body.captchaKey || !body.captcha) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '请输入图形验证码');
    const c = await repo.consumeCaptcha(db, body.captchaKey, nowIso());
    if (!c || c.answer_hash !== sha(body.captcha.trim().toLowerCase())) {
      await audit({ action: 'login', result: 'fail', target: account, detail: { reason: 'captcha' } });
      throw new AppError(ErrorCode.CAPTCHA_WRONG, '图形验证码错误或已过期');
    }
  }

  const failures = await repo.countFailures(db, 'account', account, isoBefore(FAILURE_WINDOW));
  const user = await findUserByAccount(db, account);
  // A locked account answers exactly like a wrong password; the attempt is not even checked.
  const passwordOk = failures < LOCK_AFTER && !!user && (await verifyStoredPassword(user.password_hash, body.password));
  if (!user || !passwordOk) {
    await repo.recordFailure(db, account, client.ip, nowIso());
    await audit({ action: 'login', result: 'fail', target: account, userCode: user?.user_code ?? null, detail: { reason: failures >= LOCK_AFTER ? 'locked' : 'password' } });
    throw new AppError(ErrorCode.BAD_CREDENTIALS, BAD_CREDENTIALS);
  }
  if (user.status !== 'Y') {
    await audit({ action: 'login', result: 'fail', target: account, userCode: user.user_code, detail: { reason: 'disabled' } });
    throw new AppError(ErrorCode.ACCOUNT_DISABLED, '账号已停用，请联系管理员');
  }
  await repo.clearFailures(db, account);
  const token = await openSession(ctx, user.user_code, kind, client);
  await audit({ action: 'login', result: 'ok', target: account, userCode: user.user_code, detail: { kind } });
  return { token, user: (await loadSessionUser(db, user.user_code))!, needChangePass: passwordExpiry(ctx, user).expired };
}

export function passwordExpiry(ctx: AppContext, u: { password_reset: string; password_changed_at: string }) {
  if (u.password_reset === 'Y') return { expired: true, reason: 'reset' as const, changedAt: u.password_changed_at };
  const aged = Date.parse(u.password_changed_at) + ctx.config.passwordMaxAgeDays * DAY <= Date.now();
  return { expired: aged, reason: aged ? ('age' as const) : ('none' as const), changedAt: u.password_changed_at };
}

export async function passwordStatus(ctx: AppContext, userCode: string) {
  const u = await findUserRow(ctx.db, userCode);
  if (!u) throw forbidden();
  return passwordExpiry(ctx, u);
}

/** SMS codes live in core (shared with the personal centre's mobile change). */
export { sendSmsCode, verifySmsCode } from '../../core/sms-codes';

export async function changePassword(ctx: AppContext, me: { userCode: string; sessionId: string }, body: { userCode: string; oldPassword: string; password: string }) {
  if (body.userCode !== me.userCode) throw forbidden('只能修改本人的密码');
  const u = await findUserRow(ctx.db, me.userCode);
  if (!u) throw forbidden();
  if (!(await verifyStoredPassword(u.password_hash, body.oldPassword))) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG, '旧密码错误');
  if (body.oldPassword === body.password) throw bizError('新密码不能与旧密码相同');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, me.userCode, await hashStoredPassword(body.password), at, 'N');
    await revokeUserSessions(trx, me.userCode, at, 'password-change', me.sessionId);
  });
}

export async function resetPassword(ctx: AppContext, me: { userCode: string; sessionId: string } | null, body: { userCode?: string; mobile: string; password: string; captcha: string }, ip: string) {
  if (!(await ctx.rateLimiter.hit(`reset:${ip}`, 10, 15 * MINUTE)).allowed) throw tooMany('重置密码过于频繁，请稍后再试');
  const u = await repo.findUserByMobile(ctx.db, body.mobile);
  await verifySmsCode(ctx, body.mobile, 'reset', body.captcha);
  if (!u || (body.userCode && body.userCode !== u.user_code)) throw bizError('手机号与账号不匹配');
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, u.user_code, await hashStoredPassword(body.password), at, 'N');
    await revokeUserSessions(trx, u.user_code, at, 'password-reset', me?.userCode === u.user_code ? me.sessionId : undefined);
  });
  return u.user_code;
}

/** A trusted portal's HS256-signed one-time ticket (sub = user code, jti, exp ≤ 5 min) becomes a session. */
export async function ssoLogin(ctx: AppContext, ticket: string, client: ClientInfo, audit: AuditFn): Promise<LoginResult> {
  if (!ctx.config.ssoSecret) throw bizError('未配置单点登录（OA_SSO_SECRET）');
  let sub: string;
  let jti: string;
  try {
    const { payload } = await jwtVerify(ticket, new TextEncoder().encode(ctx.config.ssoSecret), { algorithms: ['HS256'], audience: 'oa-sso', maxTokenAge: '5m' });
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
  const token = await openSession(ctx, u.user_code, 'sso', client);
  await audit({ action: 'sso', result: 'ok', userCode: u.user_code });
  return { token, user: (await loadSessionUser(ctx.db, u.user_code))!, needChangePass: passwordExpiry(ctx, u).expired };
}

/** The mobile app: credentials + device id give a token that only works with header auth-device = deviceId. */
export async function authorizeDevice(ctx: AppContext, deviceId: string, body: LoginBody, client: ClientInfo, audit: AuditFn): Promise<LoginResult> {
  return login(ctx, body, { ...client, deviceId }, audit, 'device');
}
