import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginResult } from '@oa/shared/contract/auth';
import type { EnrolStart, SecondStepBody } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../../core/context';
import { AppError, bizError, tooMany } from '../../lib/errors';
import { MINUTE } from '../../lib/time';
import { findUserRow } from '../../core/identity/identity.repository';
import { accountMobile } from '../../core/identity/account-mobile';
import type { ClientInfo } from '../../core/identity/sessions';
import { readChallenge, type Challenge } from '../../core/identity/second-step';
import { signInVerified, type AuditFn, type ChangeAuditFn, type PassedFactor } from '../../core/identity/sign-in';
import { beginEnrolment, confirmEnrolment, sendFactorSms, verifyFactor } from '../../core/identity/two-factor';
import { passwordExpiry } from './auth.service';
import * as guard from './login-guard';

/**
 * The second step of every way of signing in (docs/security.md「Two factors」): the challenge of the password login
 * or of single sign-on (core/identity/second-step.ts) opens the session it stands for once a code passes; wrong codes
 * count toward the lockout of the challenge's account name, whichever way the person signed in.
 */

const WRONG: Record<string, string> = {
  totp: '动态口令错误，请核对手机时间后重试',
  recovery: '恢复码错误或已使用',
  sms: '短信验证码错误或已失效，请重新获取',
};

/** The account behind a challenge, still active; and a reservation of its lockout counter (wrong codes count). */
async function attempt(ctx: AppContext, c: Challenge, client: ClientInfo, audit: AuditFn) {
  if (!(await ctx.rateLimiter.hit(`login:${client.ip}`, ctx.config.loginRatePerMin, MINUTE)).allowed)
    throw tooMany('登录尝试过于频繁，请稍后再试');
  const user = await findUserRow(ctx.db, c.userCode);
  if (!user || user.status !== 'Y') throw new AppError(ErrorCode.ACCOUNT_DISABLED, '账号已停用，请联系管理员');
  const r = await guard.reserve(ctx, c.account, client.ip);
  const lockedUntil = r.lockedUntil ?? (r.priorAccount >= guard.LOCK_AFTER ? new Date(Date.now() + guard.LOCK_MS).toISOString() : null);
  if (lockedUntil) {
    await r.release();
    await audit({ action: 'login.factor', result: 'fail', target: c.account, userCode: c.userCode, detail: { reason: 'locked' } });
    throw new AppError(ErrorCode.ACCOUNT_LOCKED, guard.lockedMessage(lockedUntil));
  }
  const fail = async (method: string, reason: string, message: string) => {
    const { lockedNow } = await r.failed();
    if (lockedNow) ctx.metrics.lockouts.inc();
    await audit({
      action: 'login.factor',
      result: 'fail',
      target: c.account,
      userCode: c.userCode,
      detail: { method, reason, failures: r.priorAccount + 1, locked: lockedNow },
    });
    return new AppError(
      ErrorCode.SECOND_FACTOR_WRONG,
      lockedNow ? guard.lockedMessage(new Date(Date.now() + guard.LOCK_MS).toISOString()) : message,
    );
  };
  return { user, r, fail };
}

/** The session the challenge stands for, its second factor passed (the same step as a sign-in without one). */
async function open(
  ctx: AppContext,
  c: Challenge,
  user: { password_reset: string; password_changed_at: string },
  client: ClientInfo,
  audit: AuditFn,
  factor: PassedFactor,
): Promise<LoginResult> {
  const { sessionId: _opened, ...result } = await signInVerified(
    ctx,
    {
      userCode: c.userCode,
      method: c.method,
      account: c.account,
      needChangePass: c.method === 'password' && passwordExpiry(ctx, user).expired,
      ref: c.ref,
    },
    c.kind,
    { ...client, deviceId: c.deviceId },
    audit,
    factor,
  );
  return result;
}

/** The second step of an enrolled account: a TOTP code, a recovery code (spent with its audit row) or an SMS code. */
export async function secondStep(
  ctx: AppContext,
  body: SecondStepBody,
  client: ClientInfo,
  audit: AuditFn,
  recorded: ChangeAuditFn,
): Promise<LoginResult> {
  const c = await readChallenge(ctx, body.challenge);
  if (c.enrol) throw bizError('请先绑定验证器');
  const { user, r, fail } = await attempt(ctx, c, client, audit);
  const verdict = await verifyFactor(
    ctx,
    { userCode: user.user_code, mobile: accountMobile(ctx.fieldKeys, user) },
    body.method,
    body.code,
    (trx) =>
      recorded(trx, { action: 'two-factor.recovery-used', target: c.account, userCode: user.user_code, detail: { method: c.method } }),
  );
  if (verdict === 'replay') throw await fail(body.method, 'replay', '该动态口令已使用，请等待手机上出现下一个口令');
  if (verdict !== 'ok') throw await fail(body.method, 'wrong', WRONG[body.method]);
  await r.succeeded();
  return open(ctx, c, user, client, audit, body.method);
}

/** An SMS code for the second step, to the account's bound mobile. */
export async function sendSecondStepSms(ctx: AppContext, challenge: string, ip: string): Promise<string> {
  const c = await readChallenge(ctx, challenge);
  const user = await findUserRow(ctx.db, c.userCode);
  const mobile = user ? accountMobile(ctx.fieldKeys, user) : null;
  if (c.enrol || !ctx.config.twoFactorSms || !mobile) throw bizError('当前账号不能使用短信验证');
  await sendFactorSms(ctx, mobile, ip);
  return mobile;
}

/** Required by a role but not enrolled: the only thing the challenge opens is enrolment. */
async function enrolChallenge(ctx: AppContext, token: string): Promise<Challenge> {
  const c = await readChallenge(ctx, token);
  if (!c.enrol) throw bizError('该账号已绑定验证器，请输入动态口令');
  return c;
}

export async function startEnrolAtLogin(ctx: AppContext, token: string): Promise<EnrolStart> {
  return beginEnrolment(ctx, (await enrolChallenge(ctx, token)).userCode);
}

export async function confirmEnrolAtLogin(
  ctx: AppContext,
  body: { challenge: string; code: string },
  client: ClientInfo,
  audit: AuditFn,
  recorded: ChangeAuditFn,
): Promise<LoginResult & { recoveryCodes: string[] }> {
  const c = await enrolChallenge(ctx, body.challenge);
  const { user, r, fail } = await attempt(ctx, c, client, audit);
  let codes: string[];
  try {
    codes = await confirmEnrolment(ctx, c.userCode, body.code, (trx) =>
      recorded(trx, {
        action: 'two-factor.enrol',
        target: c.account,
        userCode: user.user_code,
        detail: { atLogin: true, method: c.method },
      }),
    );
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCode.SECOND_FACTOR_WRONG) throw await fail('totp', 'enrol', e.message);
    await r.release();
    throw e;
  }
  await r.succeeded();
  return { ...(await open(ctx, c, user, client, audit, 'enrol')), recoveryCodes: codes };
}
