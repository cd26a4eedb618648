import { createHash, randomInt } from 'node:crypto';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { Db } from '../db/database';
import type { AppContext } from './context';
import { AppError, bizError, tooMany } from '../lib/errors';
import { DAY, MINUTE, isoAfter, isoBefore, nowIso } from '../lib/time';

/**
 * SMS verification codes, shared by every feature that needs one (password reset, changing the mobile
 * number): 6 digits, single use, valid 5 min, at most 5 tries, resend after 60 s, 10 a day per phone.
 * A code is bound to its purpose: a code sent for 'reset' never verifies a 'mobile' change.
 */
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** 'mobile' when the client's source tag names a mobile-number change, else 'reset'. */
export const smsPurposeOf = (source: string): 'mobile' | 'reset' => (source.includes('mobile') ? 'mobile' : 'reset');

async function lastCode(db: Db, mobile: string, purpose: string) {
  return db.selectFrom('sys_sms_code').selectAll().where('mobile', '=', mobile).where('purpose', '=', purpose)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

async function countSince(db: Db, mobile: string, sinceIso: string): Promise<number> {
  const row = await db.selectFrom('sys_sms_code').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile).where('created_at', '>=', sinceIso).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function mobileHasAccount(db: Db, mobile: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_user').select('user_code').where('mobile', '=', mobile).executeTakeFirst());
}

export async function sendSmsCode(ctx: AppContext, mobile: string, purpose: string, ip: string): Promise<void> {
  if (!(await ctx.rateLimiter.hit(`sms-ip:${ip}`, 20, 60 * MINUTE)).allowed) throw tooMany('发送验证码过于频繁，请稍后再试');
  const last = await lastCode(ctx.db, mobile, purpose);
  if (last && Date.parse(last.created_at) + MINUTE > Date.now()) {
    const wait = Math.ceil((Date.parse(last.created_at) + MINUTE - Date.now()) / 1000);
    throw bizError(`验证码发送过于频繁，请${wait}秒后重试`);
  }
  if ((await countSince(ctx.db, mobile, isoBefore(DAY))) >= 10) throw bizError('该手机号今日获取验证码次数已达上限');
  // For a password reset, answer the same whether or not the number belongs to an account.
  if (purpose === 'reset' && !(await mobileHasAccount(ctx.db, mobile))) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.insertInto('sys_sms_code').values({
    mobile, purpose, code_hash: sha(`${mobile}:${code}`), created_at: nowIso(), expires_at: isoAfter(5 * MINUTE), tries: 0, used_at: null,
  }).execute();
  await ctx.sms.send(mobile, `【${ctx.config.siteTitle}】您的验证码为 ${code}，5分钟内有效，请勿泄露给他人。`);
}

/** Consumes the latest code of (mobile, purpose); throws SMS_CODE_WRONG when it does not match. */
export async function verifySmsCode(ctx: AppContext, mobile: string, purpose: string, code: string): Promise<void> {
  const last = await lastCode(ctx.db, mobile, purpose);
  if (!last || last.used_at || last.expires_at <= nowIso() || last.tries >= 5) throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码错误或已失效，请重新获取');
  if (last.code_hash !== sha(`${mobile}:${code}`)) {
    await ctx.db.updateTable('sys_sms_code').set((eb) => ({ tries: eb('tries', '+', 1) })).where('id', '=', last.id).execute();
    throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码错误');
  }
  const res = await ctx.db.updateTable('sys_sms_code').set({ used_at: nowIso() }).where('id', '=', last.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.SMS_CODE_WRONG, '验证码已使用，请重新获取');
}
