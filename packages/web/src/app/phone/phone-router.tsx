import { createBrowserRouter } from 'react-router';
import { ROUTER_BASENAME } from '../../lib/api-prefix';
import { PHONE_BASE } from '../../lib/phone-device';
import { BootFallback, type RouteHandle } from '../root-shell';
import { ROOT_ROUTE } from '../route-kit';
import PhoneApp from './phone-app';

/** Any page outside the phone app (忘记密码, 电脑版, an applicant's area) is opened by the desktop app: a full load. */
function leavePhoneApp({ request }: { request: Request }): null {
  const url = new URL(request.url);
  window.location.assign(url.pathname + url.search);
  return null;
}

const routes = [
  {
    ...ROOT_ROUTE,
    children: [
      { path: `${PHONE_BASE}/*`, Component: PhoneApp, handle: { title: '移动办公' } satisfies RouteHandle },
      { path: '*', loader: leavePhoneApp, Component: BootFallback },
    ],
  },
];

/**
 * The router of a page opened under /oa/m/ (main.tsx): the phone app alone, so a phone loads neither the desktop's
 * route table and shell nor its pages' chunks. The phone app keeps its own route tree inside (phone-app.tsx).
 */
export const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME });
