import { ErrorCode } from '@oa/shared/contract/envelope';
import type { LoginResult } from '@oa/shared/contract/auth';
import type { EnrolStart, SecondStepBody } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../../core/context';
import { AppError, bizError, tooMany } from '../../lib/errors';
import { MINUTE } from '../../lib/time';
import { findUserRow } from '../../core/identity/identity.repository';
import type { ClientInfo } from '../../core/identity/sessions';
import { beginEnrolment, confirmEnrolment, sendFactorSms, verifyFactor } from '../../core/identity/two-factor';
import { openLogin, type AuditFn } from './auth.service';
import { readChallenge, type Challenge } from './login-factors';
import * as guard from './login-guard';

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

const clientOf = (c: Challenge, client: ClientInfo): ClientInfo => ({ ...client, deviceId: c.deviceId });

/** The second step of an enrolled account: a TOTP code, a recovery code or an SMS code. */
export async function secondStep(ctx: AppContext, body: SecondStepBody, client: ClientInfo, audit: AuditFn): Promise<LoginResult> {
  const c = await readChallenge(ctx, body.challenge);
  if (c.enrol) throw bizError('请先绑定验证器');
  const { user, r, fail } = await attempt(ctx, c, client, audit);
  const verdict = await verifyFactor(ctx, { userCode: user.user_code, mobile: user.mobile }, body.method, body.code);
  if (verdict === 'replay') throw await fail(body.method, 'replay', '该动态口令已使用，请等待手机上出现下一个口令');
  if (verdict !== 'ok') throw await fail(body.method, 'wrong', WRONG[body.method]);
  await r.succeeded();
  if (body.method === 'recovery')
    await audit({ action: 'two-factor.recovery-used', result: 'ok', target: c.account, userCode: user.user_code });
  return openLogin(ctx, user, c.account, c.kind, clientOf(c, client), audit, { factor: body.method });
}

/** An SMS code for the second step, to the account's bound mobile. */
export async function sendSecondStepSms(ctx: AppContext, challenge: string, ip: string): Promise<string> {
  const c = await readChallenge(ctx, challenge);
  const user = await findUserRow(ctx.db, c.userCode);
  if (c.enrol || !ctx.config.twoFactorSms || !user?.mobile) throw bizError('当前账号不能使用短信验证');
  await sendFactorSms(ctx, user.mobile, ip);
  return user.mobile;
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
): Promise<LoginResult & { recoveryCodes: string[] }> {
  const c = await enrolChallenge(ctx, body.challenge);
  const { user, r, fail } = await attempt(ctx, c, client, audit);
  let codes: string[];
  try {
    codes = await confirmEnrolment(ctx, c.userCode, body.code);
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCode.SECOND_FACTOR_WRONG) throw await fail('totp', 'enrol', e.message);
    await r.release();
    throw e;
  }
  await r.succeeded();
  await audit({ action: 'two-factor.enrol', result: 'ok', target: c.account, userCode: user.user_code, detail: { atLogin: true } });
  return { ...(await openLogin(ctx, user, c.account, c.kind, clientOf(c, client), audit, { factor: 'enrol' })), recoveryCodes: codes };
}
