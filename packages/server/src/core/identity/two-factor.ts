import { inChange, type Trx } from '../audit';
import QRCode from 'qrcode';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { EnrolStart, SecondFactorMethod } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../context';
import type { Db } from '../../db/database';
import { AppError, bizError } from '../../lib/errors';
import { MINUTE, isoBefore, nowIso } from '../../lib/time';
import { openSecret, sealSecret } from './secret-box';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryHash } from './totp';
import { sendSmsCode, verifySmsCode } from './sms-codes';
import * as repo from './two-factor.repository';

/**
 * Two factors of a person, shared by the login's second step (features/auth) and the personal centre and the
 * policy page (features/two-factor): enrolment with a confirming code, recovery codes, verification without replay.
 */
const PENDING_MS = 15 * MINUTE;
export const SMS_PURPOSE = 'factor';

export interface FactorState {
  enrolled: boolean;
  enrolledAt: string | null;
  /** names of the person's roles that require two factors */
  requiredBy: string[];
}

export async function factorState(ctx: AppContext, userCode: string): Promise<FactorState> {
  const [row, requiredBy] = await Promise.all([repo.findTwoFactor(ctx.db, userCode), repo.requiringRoles(ctx.db, userCode)]);
  return { enrolled: !!row?.secret_sealed, enrolledAt: row?.enrolled_at ?? null, requiredBy };
}

/** A new secret, pending until its first code confirms it (an earlier pending one is replaced). */
export async function beginEnrolment(ctx: AppContext, userCode: string): Promise<EnrolStart> {
  if ((await repo.findTwoFactor(ctx.db, userCode))?.secret_sealed) throw bizError('已启用双因素认证，如需更换请先停用');
  const secret = newTotpSecret();
  await repo.savePending(ctx.db, userCode, await sealSecret(ctx, secret), nowIso());
  const url = otpauthUrl(secret, userCode, ctx.config.siteTitle);
  return { secret, otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }), expiresIn: PENDING_MS / 1000 };
}

const wrongCode = (message = '动态口令错误，请核对手机时间后重试') => new AppError(ErrorCode.SECOND_FACTOR_WRONG, message);

/** A change's audit row, written last in the change's transaction (the caller's `writeAudit(trx, req, …)`). */
type Recorded = (trx: Trx) => Promise<void>;

/**
 * Confirms the pending secret with a code of it; answers the ten recovery codes (shown once, stored hashed).
 * `recorded` audits the enrolment in its transaction (the login's enrolment; the personal centre joins its own).
 */
export async function confirmEnrolment(ctx: AppContext, userCode: string, code: string, recorded?: Recorded): Promise<string[]> {
  const row = await repo.findTwoFactor(ctx.db, userCode);
  if (row?.secret_sealed) throw bizError('已启用双因素认证');
  if (!row?.pending_sealed || !row.pending_at || row.pending_at < isoBefore(PENDING_MS)) throw bizError('绑定已超时，请重新获取二维码');
  const step = matchTotp(await openSecret(ctx, row.pending_sealed), code);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  const at = nowIso();
  const done = await inChange(ctx.db, async (trx) => {
    if (!(await repo.activatePending(trx, userCode, row.pending_sealed!, step, at))) return false;
    await repo.replaceRecoveryCodes(trx, userCode, codes.map(recoveryHash), at);
    await recorded?.(trx);
    return true;
  });
  if (!done) throw bizError('绑定已更新，请重新获取二维码');
  return codes;
}

/** Checks a current code of the confirmed secret and claims its time step (a code never works twice). */
async function checkTotp(ctx: AppContext, userCode: string, code: string): Promise<'ok' | 'wrong' | 'replay'> {
  const row = await repo.findTwoFactor(ctx.db, userCode);
  if (!row?.secret_sealed) return 'wrong';
  const step = matchTotp(await openSecret(ctx, row.secret_sealed), code);
  if (step === null) return 'wrong';
  return (await repo.claimStep(ctx.db, userCode, step, nowIso())) ? 'ok' : 'replay';
}

export type FactorVerdict = 'ok' | 'wrong' | 'replay';

/**
 * One second-step code by its method; SMS goes to `mobile` (the account's bound number). A recovery code is spent
 * with its audit row (`recorded`) in one transaction: a used code always has its row.
 */
export async function verifyFactor(
  ctx: AppContext,
  user: { userCode: string; mobile: string | null },
  method: SecondFactorMethod,
  code: string,
  recorded?: Recorded,
): Promise<FactorVerdict> {
  if (method === 'totp') return /^\d{6}$/.test(code) ? checkTotp(ctx, user.userCode, code) : 'wrong';
  if (method === 'recovery')
    return inChange<FactorVerdict>(ctx.db, async (trx) => {
      if (!(await repo.useRecoveryCode(trx, user.userCode, recoveryHash(code), nowIso()))) return 'wrong';
      await recorded?.(trx);
      return 'ok';
    });
  if (!ctx.config.twoFactorSms || !user.mobile) return 'wrong';
  try {
    await verifySmsCode(ctx, user.mobile, SMS_PURPOSE, code);
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return 'wrong';
    throw e;
  }
}

export const sendFactorSms = (ctx: AppContext, mobile: string, ip: string) => sendSmsCode(ctx, mobile, SMS_PURPOSE, ip);

/** A person proves it is them before disabling or regenerating: a current code (claimed) or the password. */
export async function checkOwnerCode(ctx: AppContext, userCode: string, code: string): Promise<void> {
  const v = await checkTotp(ctx, userCode, code);
  if (v === 'replay') throw wrongCode('该动态口令已使用，请等待下一个口令');
  if (v !== 'ok') throw wrongCode();
}

export async function regenerateRecovery(ctx: AppContext, userCode: string): Promise<string[]> {
  if (!(await repo.findTwoFactor(ctx.db, userCode))?.secret_sealed) throw bizError('尚未启用双因素认证');
  const codes = newRecoveryCodes();
  await inChange(ctx.db, (trx) => repo.replaceRecoveryCodes(trx, userCode, codes.map(recoveryHash), nowIso()));
  return codes;
}

/** Removes a person's two factors (their own disabling, or an administrator's reset), inside the caller's transaction. */
export const removeFactors = (trx: Db, userCode: string) => repo.removeTwoFactor(trx, userCode);

export const recoveryLeft = (ctx: AppContext, userCode: string) => repo.recoveryLeft(ctx.db, userCode);
