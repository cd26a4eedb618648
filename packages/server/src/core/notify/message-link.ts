import { recordRoute } from '@oa/shared/modules/registry';

/** The web app's base path (packages/web ROUTER_BASENAME). */
const WEB_BASE = '/oa';

/**
 * The page a message opens: the item's own page when its module is known, else the message centre (where the
 * message itself opens the item). It holds no credential: without a session the web app's guard sends the person
 * to /login?redirect=<this page> and lands there after login.
 */
export function messageLink(moduleCode: string | null, recordId: string | null): string {
  const route = moduleCode && recordId ? recordRoute(moduleCode, recordId) : null;
  return `${WEB_BASE}${route ?? '/message'}`;
}
