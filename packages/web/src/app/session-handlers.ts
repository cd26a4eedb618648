import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/http-client';
import { PHONE_BASE } from '../lib/phone-device';
import { againOut } from '../state/session-actions';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** HTTP 401 → 'AgainOut' (clear the session) and go to the login page (spec §4); in the phone app, to its own. */
export function installSessionHandlers(router: AppRouter): void {
  let handling = false;
  setUnauthorizedHandler(() => {
    if (handling) return;
    handling = true;
    againOut();
    const { pathname, search } = router.state.location;
    const inPhone = pathname === PHONE_BASE || pathname.startsWith(`${PHONE_BASE}/`);
    const to = inPhone ? `${PHONE_BASE}/login?redirect=${encodeURIComponent(pathname + search)}` : '/login';
    void router.navigate(to, { replace: true }).finally(() => {
      handling = false;
    });
  });
}
