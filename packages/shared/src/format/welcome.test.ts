import { describe, expect, it } from 'vitest';
import { greetingAt, spokenChinaDate } from './welcome';

describe('the home page greeting', () => {
  it('follows China hours, not the machine clock', () => {
    // 2026-11-29 22:30 UTC is 06:30 on the 30th in China
    expect(greetingAt('2026-11-29T22:30:00Z')).toBe('上午好');
    expect(spokenChinaDate('2026-11-29T22:30:00Z')).toBe('2026年11月30日 星期一');
    expect(greetingAt('2026-11-29T21:59:00Z')).toBe('凌晨好');
    expect(greetingAt('2026-11-29T04:00:00Z')).toBe('中午好');
    expect(greetingAt('2026-11-29T09:59:00Z')).toBe('下午好');
    expect(greetingAt('2026-11-29T10:00:00Z')).toBe('晚上好');
    expect(spokenChinaDate('2026-03-01T00:00:00Z')).toBe('2026年3月1日 星期日');
  });
});
