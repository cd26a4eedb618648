import { SMS_COUNTDOWN_S } from '@oa/shared/constants';

export const SMS_DEFAULT_LABEL = '获取验证码';

/** Seconds left of the resend countdown that started at `startMs` (0 when none or over). */
export function remainingSeconds(startMs: number | null, nowMs: number, total: number = SMS_COUNTDOWN_S): number {
  if (startMs === null || !Number.isFinite(startMs) || startMs > nowMs) return 0;
  return Math.max(0, total - Math.floor((nowMs - startMs) / 1000));
}

/** The button label: the default, or '{N}秒后重新发送' while counting down. */
export function smsLabel(remaining: number): string {
  return remaining > 0 ? `${remaining}秒后重新发送` : SMS_DEFAULT_LABEL;
}
