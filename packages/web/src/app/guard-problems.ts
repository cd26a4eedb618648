import { BusinessError, HttpError } from '../lib/http-client';

/**
 * What can stop the navigation guard without ending the session: the network (user info could not be
 * fetched), a redirect loop, or an account whose platform has no page to open. The guard throws one of
 * these; the guard route's error element shows a page that says what is wrong and keeps the address.
 */
export class GuardProblem extends Error {
  constructor(
    readonly kind: 'network' | 'loop' | 'no-page',
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'GuardProblem';
  }
}

/** Waits between attempts to load the user info after a network-level failure (bounded: 3 attempts). */
export const USER_INFO_RETRY_DELAYS_MS = [400, 1200];

/**
 * Only an HTTP 401 or a non-zero code on user info may end a session (spec §4/§8). A network failure,
 * a time-out, a rate limit or a server error is transient: retry, then say '网络异常'.
 */
export function endsSession(err: unknown): boolean {
  if (err instanceof BusinessError) return true;
  return err instanceof HttpError && err.status === 401;
}

export function isTransient(err: unknown): boolean {
  return err instanceof HttpError && (err.status === 0 || err.status === 429 || err.status >= 500);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * Redirect-loop detector: the guard notes each redirect it issues; more than LOOP_LIMIT within
 * LOOP_WINDOW_MS means the redirects go round in a circle (e.g. an account whose only platform has
 * no page yet), and the guard stops on a page that says so instead of spinning for ever.
 */
const LOOP_WINDOW_MS = 3000;
const LOOP_LIMIT = 8;
let recent: number[] = [];

export function noteRedirect(target: string): void {
  const now = Date.now();
  recent = recent.filter((t) => now - t < LOOP_WINDOW_MS);
  recent.push(now);
  if (recent.length > LOOP_LIMIT) {
    recent = [];
    throw new GuardProblem(
      'loop',
      '页面无法打开',
      `页面跳转出现循环（最后跳转到 ${target}），已停止。请联系信息中心检查您的账号权限与菜单配置。`,
    );
  }
}
