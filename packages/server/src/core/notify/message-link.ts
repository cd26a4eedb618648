import { itemRoute } from '@oa/shared/notify/item-route';

/** The web app's base path (packages/web ROUTER_BASENAME). */
const WEB_BASE = '/oa';

/**
 * The page a message opens: the item's own page (`itemRoute`: a module's preview or an area's page), else the
 * message centre. It holds no credential: without a session the web app's guard sends the person to
 * /login?redirect=<this page> and lands there after login.
 */
export function messageLink(moduleCode: string | null, recordId: string | null): string {
  return `${WEB_BASE}${itemRoute(moduleCode, recordId) ?? '/message'}`;
}
