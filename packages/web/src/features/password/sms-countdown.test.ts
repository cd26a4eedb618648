import { describe, expect, it } from 'vitest';
import { SMS_DEFAULT_LABEL, remainingSeconds, smsLabel } from './sms-countdown';

describe('sms countdown', () => {
  it('counts down from 60 s and resets at 0', () => {
    expect(remainingSeconds(null, 1000)).toBe(0);
    expect(remainingSeconds(0, 0)).toBe(60);
    expect(remainingSeconds(0, 999)).toBe(60);
    expect(remainingSeconds(0, 1000)).toBe(59);
    expect(remainingSeconds(0, 59_999)).toBe(1);
    expect(remainingSeconds(0, 60_000)).toBe(0);
    expect(remainingSeconds(0, 3_600_000)).toBe(0);
  });
  it('ignores a start time in the future or not a number', () => {
    expect(remainingSeconds(5000, 1000)).toBe(0);
    expect(remainingSeconds(Number.NaN, 1000)).toBe(0);
  });
  it('labels the button', () => {
    expect(smsLabel(0)).toBe(SMS_DEFAULT_LABEL);
    expect(smsLabel(42)).toBe('42秒后重新发送');
  });
});
