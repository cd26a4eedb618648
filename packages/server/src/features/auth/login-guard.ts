import type { AppContext } from '../../core/context';
import { MINUTE, isoAfter, isoBefore, nowIso } from '../../lib/time';
import { LOCK_AFTER, LOCK_MS, accountKey } from '../../core/identity/login-lock';
import * as attempts from './login-attempts.repository';

/** Failures of one account name (known or not) before a captcha is asked / the name is locked. */
const ACCOUNT_CAPTCHA_AFTER = 3;
const FAILURE_WINDOW_MS = 15 * MINUTE;
export { LOCK_AFTER, LOCK_MS };

const ipKey = (ip: string) => `ip:${ip}`;

const live = (row: attempts.AttemptRow | null, now: string, since: string) =>
  row && (row.windowStart >= since || (row.lockedUntil !== null && row.lockedUntil > now)) ? row : null;

const minutesUntil = (iso: string) => Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / MINUTE));
export const lockedMessage = (untilIso: string) => `账号已被临时锁定，请${minutesUntil(untilIso)}分钟后再试；如需立即解锁，请联系管理员`;

/** What the login page may know before submit (answers alike for names that exist and that do not). */
export async function loginState(
  ctx: AppContext,
  account: string | undefined,
  ip: string,
): Promise<{ captchaRequired: boolean; lockedMinutes: number | null }> {
  const now = nowIso();
  const since = isoBefore(FAILURE_WINDOW_MS);
  const byIp = live(await attempts.readAttempts(ctx.db, ipKey(ip)), now, since);
  const byAccount = account ? live(await attempts.readAttempts(ctx.db, accountKey(account)), now, since) : null;
  const lockedUntil = byAccount?.lockedUntil && byAccount.lockedUntil > now ? byAccount.lockedUntil : null;
  const policy = ctx.config.loginCaptcha;
  const captchaRequired =
    policy === 'always'
      ? true
      : policy === 'off'
        ? false
        : (byIp?.failures ?? 0) >= ctx.config.loginIpCaptchaAfter || (byAccount?.failures ?? 0) >= ACCOUNT_CAPTCHA_AFTER;
  return { captchaRequired, lockedMinutes: lockedUntil ? minutesUntil(lockedUntil) : null };
}

/**
 * One login attempt's reservation: both counters are incremented BEFORE the password is verified, so
 * that N concurrent guesses count as N. The verdict of this attempt follows from its own place in
 * the count: `priorAccount` failures came before it.
 */
interface Reservation {
  priorAccount: number;
  priorIp: number;
  /** set when the account name is under a running lock (this attempt verifies nothing) */
  lockedUntil: string | null;
  captchaRequired: boolean;
  /** gives the attempt back: it verified no password */
  release(): Promise<void>;
  /** the password was wrong: keep the count, lock the name at LOCK_AFTER */
  failed(): Promise<{ lockedNow: boolean }>;
  /** the password was right: the account's count starts again (the address's keeps its other failures) */
  succeeded(): Promise<void>;
}

export async function reserve(ctx: AppContext, account: string, ip: string): Promise<Reservation> {
  const { db } = ctx;
  const now = nowIso();
  const since = isoBefore(FAILURE_WINDOW_MS);
  const aKey = accountKey(account);
  const iKey = ipKey(ip);
  const a = await attempts.reserveAttempt(db, aKey, now, since);
  const i = await attempts.reserveAttempt(db, iKey, now, since);
  const priorAccount = a.failures - 1;
  const priorIp = i.failures - 1;
  const lockedUntil = a.lockedUntil && a.lockedUntil > now ? a.lockedUntil : null;
  const policy = ctx.config.loginCaptcha;
  const captchaRequired =
    policy === 'always' ||
    (policy === 'after-failures' && (priorAccount >= ACCOUNT_CAPTCHA_AFTER || priorIp >= ctx.config.loginIpCaptchaAfter));
  return {
    priorAccount,
    priorIp,
    lockedUntil,
    captchaRequired,
    async release() {
      await attempts.releaseAttempt(db, aKey);
      await attempts.releaseAttempt(db, iKey);
    },
    async failed() {
      if (a.failures < LOCK_AFTER) return { lockedNow: false };
      await attempts.lockKey(db, aKey, isoAfter(LOCK_MS), nowIso());
      return { lockedNow: true };
    },
    async succeeded() {
      await attempts.clearAttempts(db, aKey);
      await attempts.releaseAttempt(db, iKey);
    },
  };
}
