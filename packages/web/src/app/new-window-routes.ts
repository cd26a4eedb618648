import { NOTICE_S } from '@oa/shared/constants';
import { ROUTER_BASENAME } from '../lib/api-prefix';
import { getClientConfig } from '../lib/client-config';
import { feedback } from '../lib/feedback';
import { routeRegistry } from './route-registry';
import { normalizePath } from '../state/route-table';

/**
 * Menu routes that open in a new window instead of a tab (spec §2: the members page and the meeting
 * management page). When the OA has a page for the route (an area registered it in route-registry), the
 * new window shows that page; otherwise it opens the configured external platform, or says clearly that
 * none is configured.
 */
const NEW_WINDOW_ROUTES: Record<string, { platform: 'member'; name: string }> = {
  '/member/manage/search': { platform: 'member', name: '会员管理平台' },
  '/meetingmanage/meeting': { platform: 'member', name: '会员管理平台' },
};

const registered = new Set(Object.keys(routeRegistry).map((k) => normalizePath(k).toLowerCase()));

export function opensInNewWindow(router: string): boolean {
  return normalizePath(router).toLowerCase() in NEW_WINDOW_ROUTES;
}

/** Opens a new-window route: the OA's own page when one exists, else the configured platform. */
export function openInNewWindow(router: string): void {
  const key = normalizePath(router).toLowerCase();
  const target = NEW_WINDOW_ROUTES[key];
  if (!target) return;
  if (registered.has(key)) {
    window.open(`${ROUTER_BASENAME}${normalizePath(router)}`, '_blank', 'noopener');
    return;
  }
  const url = target.platform === 'member' ? getClientConfig().memberUrl : '';
  if (url) window.open(url, '_blank', 'noopener');
  else feedback().message.warning({ content: `暂未配置${target.name}地址（OA_MEMBER_URL），请联系信息中心`, duration: NOTICE_S });
}
