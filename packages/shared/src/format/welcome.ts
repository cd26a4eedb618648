import { chinaClock, type Instant } from './china-time';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The home page's greeting by China's hour: the same on the server's first screen and in the app. */
export function greetingAt(at: Instant = Date.now()): string {
  const hour = chinaClock(at).getUTCHours();
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** China's date as the home page says it: '2026年11月29日 星期日'. */
export function spokenChinaDate(at: Instant = Date.now()): string {
  const c = chinaClock(at);
  return `${c.getUTCFullYear()}年${c.getUTCMonth() + 1}月${c.getUTCDate()}日 ${WEEKDAYS[c.getUTCDay()]}`;
}
