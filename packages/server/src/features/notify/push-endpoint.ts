/**
 * Which push endpoints the server POSTs to (the SSRF rule of Web Push, docs/security.md). A subscription's endpoint
 * comes from a browser, that is from a person: without a rule anyone logged in could make the server POST to an
 * internal address (http://127.0.0.1:6379/, http://10.0.0.5/admin, a cloud metadata service).
 *
 * The rule: https on the default port to a well-known browser push service (below), or a host the administrator
 * lists in OA_PUSH_ALLOWED_HOSTS (`host` or `host:port`; http allowed there, for a push service inside the network
 * or a test). Not "any public https name": a name anyone registers can resolve to 10.0.0.5 (or change its answer
 * between a check and the send), so a check of the name cannot keep the request off internal addresses; the push
 * services of browsers are few and run by the browser makers. No user name or password in the URL; redirects are
 * never followed when sending (push-channel.ts), and the rule is checked again at every send.
 */
export const PUSH_SERVICE_SUFFIXES = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera, Brave
  'push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  'notify.windows.com', // Edge on Windows (WNS)
  'push.apple.com', // Safari, installed web apps on iOS (web.push.apple.com)
] as const;

const matchesSuffix = (host: string, suffix: string) => host === suffix || host.endsWith(`.${suffix}`);

/** Why the server will not POST to `endpoint` (a Chinese sentence), or null when it may. */
export function endpointRefusal(endpoint: string, allowedHosts: readonly string[]): string | null {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return '推送地址不是有效的网址';
  }
  if (u.username || u.password) return '推送地址不能包含用户名或密码';
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const hostPort = u.port ? `${host}:${u.port}` : host;
  if (allowedHosts.includes(hostPort) || (!u.port && allowedHosts.includes(host))) {
    return u.protocol === 'https:' || u.protocol === 'http:' ? null : '推送地址须为 https 或 http 网址';
  }
  if (u.protocol !== 'https:') return '推送地址须为 https 网址';
  if (u.port && u.port !== '443') return '推送地址不能指定端口';
  if (!PUSH_SERVICE_SUFFIXES.some((s) => matchesSuffix(host, s))) return `不支持的推送服务：${host}`;
  return null;
}
