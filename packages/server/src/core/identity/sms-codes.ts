import { chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import { createHash, randomInt } from 'node:crypto';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { AppContext } from '../context';
import { AppError, bizError, tooMany } from '../../lib/errors';
import { DAY, MINUTE, isoAfter, isoBefore, nowIso } from '../../lib/time';
import {
  bumpSmsTries,
  countAllSmsCodesSince,
  countSmsCodesSince,
  insertSmsCode,
  lastSmsCode,
  mobileHasAccount,
  useSmsCode,
} from '../system.repository';
import { mobileHash, mobileLookup } from './account-mobile';

/**
 * SMS verification codes, shared by every feature that needs one (password reset, changing the mobile
 * number): 6 digits, single use, valid 5 min, at most 5 tries, resend after 60 s, 10 a day per phone.
 * A code is bound to its purpose: a code sent for 'reset' never verifies a 'mobile' change.
 * A code row keeps no number: only its keyed hash (`mobileHash`, HMAC-SM3 as `sys_user.mobile_hash`; migration 121),
 * looked up under every key; the code's hash is made with that keyed hash, so neither tells the number.
 */
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** 'mobile' when the client's source tag names a mobile-number change, else 'reset'. */
export const smsPurposeOf = (source: string): 'mobile' | 'reset' => (source.includes('mobile') ? 'mobile' : 'reset');

/** Midnight of today in China Standard Time (UTC+8), as an ISO instant: the daily budget's start. */
const startOfDayCst = (now = Date.now()): string => chinaInstant(chinaDate(now));

/**
 * Sends a code. The callers decide who may ask (routes: an anonymous send only after an image captcha
 * and only for a password reset; a mobile change only when logged in). Limits: 20 per address per hour,
 * one per minute and 10 a day per number, and OA_SMS_DAILY_BUDGET codes a day for the whole server.
 */
export async function sendSmsCode(ctx: AppContext, mobile: string, purpose: string, ip: string): Promise<void> {
  if (!(await ctx.rateLimiter.hit(`sms-ip:${ip}`, 20, 60 * MINUTE)).allowed) throw tooMany('发送验证码过于频繁，请稍后再试');
  if ((await countAllSmsCodesSince(ctx.db, startOfDayCst())) >= ctx.config.smsDailyBudget)
    throw bizError('今日短信发送量已达上限，请明天再试或联系管理员');
  const lookup = mobileLookup(ctx.fieldKeys, mobile);
  const last = await lastSmsCode(ctx.db, lookup, purpose);
  if (last && Date.parse(last.created_at) + MINUTE > Date.now()) {
    const wait = Math.ceil((Date.parse(last.created_at) + MINUTE - Date.now()) / 1000);
    throw bizError(`验证码发送过于频繁，请${wait}秒后重试`);
  }
  if ((await countSmsCodesSince(ctx.db, lookup, isoBefore(DAY))) >= 10) throw bizError('该手机号今日获取验证码次数已达上限');
  // For a password reset, answer the same whether or not the number belongs to an account.
  if (purpose === 'reset' && !(await mobileHasAccount(ctx.db, lookup))) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = mobileHash(ctx.fieldKeys, mobile);
  await insertSmsCode(ctx.db, {
    mobile_hash: hash,
    purpose,
    code_hash: sha(`${hash}:${code}`),
    created_at: nowIso(),
    expires_at: isoAfter(5 * MINUTE),
    tries: 0,
    used_at: null,
  });
  await ctx.sms.send(mobile, `【${ctx.config.siteTitle}】您的验证码为 ${code}，5分钟内有效，请勿泄露给他人。`);
}

/** Consumes the latest code of (mobile, purpose); throws SMS_CODE_WRONG when it does not match. */
export async function verifySmsCode(ctx: AppContext, mobile: string, purpose: string, code: string): Promise<void> {
  const last = await lastSmsCode(ctx.db, mobileLookup(ctx.fieldKeys, mobile), purpose);
  if (!last || last.used_at || last.expires_at <= nowIso() || last.tries >= 5)
    throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码错误或已失效，请重新获取');
  if (last.code_hash !== sha(`${last.mobile_hash}:${code}`)) {
    await bumpSmsTries(ctx.db, last.id);
    throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码错误');
  }
  const res = await useSmsCode(ctx.db, last.id, nowIso());
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码已使用，请重新获取');
}
