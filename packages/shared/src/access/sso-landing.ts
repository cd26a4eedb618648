/** Single sign-on's landing on the login page, shared by the server and the web app (no zod: the login page stays light). */

/** Why an SSO sign-in ended without a session: the callback names one in the login page's address (?ssoError=). */
export const SSO_FAILURES = {
  off: '未配置统一身份认证登录',
  state: '统一身份认证登录已失效或不是从本浏览器发起，请重新登录',
  provider: '统一身份认证服务拒绝了本次登录或暂时无法访问，请稍后再试',
  token: '统一身份认证的登录凭据未通过校验，请重新登录',
  claim: '统一身份认证未提供用于匹配账号的信息，请联系管理员',
  unmatched: '未找到与统一身份认证账号对应的本系统账号，请联系管理员开通',
  create: '无法为统一身份认证账号自动开通本系统账号，请联系管理员',
  disabled: '账号已停用，请联系管理员',
  locked: '账号已被临时锁定，请稍后再试；如需立即解锁，请联系管理员',
  taken: '该统一身份认证账号已关联本系统的另一个账号，请联系管理员',
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

export const ssoFailureMessage = (code: string | null): string | null =>
  code === null ? null : ((SSO_FAILURES as Record<string, string>)[code] ?? '统一身份认证登录失败，请重新登录');

/** A safe in-app path to land on after signing in: relative, one leading slash, never back to /login. */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 1000) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  return /^\/login(?:[/?#]|$)/i.test(raw) ? '/' : raw;
}
