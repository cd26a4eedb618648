import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../lib/http-client';
import { againOut } from '../state/session-actions';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** HTTP 401 → 'AgainOut' (clear the session) and go to the login page (spec §4). */
export function installSessionHandlers(router: AppRouter): void {
  let handling = false;
  setUnauthorizedHandler(() => {
    if (handling) return;
    handling = true;
    againOut();
    void router.navigate('/login', { replace: true }).finally(() => {
      handling = false;
    });
  });
}
