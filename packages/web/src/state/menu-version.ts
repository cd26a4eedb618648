import { http } from '../lib/http-client';
import { sessionApi } from './session.api';
import { useSession } from './session.store';

/** At most one menu-version check per this many milliseconds. */
const MENU_VERSION_THROTTLE_MS = 4000;

let lastCheck = 0;
let known: string | null = null;

/**
 * Guard helper: asks the server's menu version (bumped by every change to roles, grants and
 * functions). When it changed since the last check, reloads the user's permissions and sets the
 * loadMenus flag, so this navigation rebuilds the menu and routes — no re-login needed.
 */
export async function checkMenuVersion(): Promise<void> {
  const now = Date.now();
  if (now - lastCheck < MENU_VERSION_THROTTLE_MS) return;
  lastCheck = now;
  try {
    const env = await http.get<{ version: string }>('/api/auth/base/system/menuVersion', undefined, { quiet: true, timeoutMs: 5000 });
    if (env.code !== 0 || !env.data) return;
    const changed = known !== null && known !== env.data.version;
    known = env.data.version;
    if (!changed) return;
    const info = await sessionApi.userInfo();
    if (info.code === 0) useSession.getState().applyUserInfo(info.data);
    useSession.setState({ loadMenus: true });
  } catch {
    /* offline or signed out: the next navigation tries again */
  }
}
