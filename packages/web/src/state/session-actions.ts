import type { FunctionItem } from '@oa/shared/contract/auth';
import { NOTICE_S } from '@oa/shared/constants';
import type { ApiEnvelope } from '@oa/shared/contract/envelope';
import { feedback } from '../lib/feedback';
import { passwordWarning } from './password-warning';
import { peekClientConfig } from '../lib/client-config';
import { STORAGE_KEYS, writeLocal } from '../lib/storage-keys';
import { unwrap } from '../lib/http-client';
import { stopPushHere } from '../lib/web-push';
import { useMenus } from './menu.store';
import { sessionApi } from './session.api';
import { useSession } from './session.store';
import { useTabs } from './tabs.store';

/** 'AgainOut': clears session, menus and tabs (after 401, forced sign-out, failed user info). */
export function againOut(): void {
  useSession.getState().clear();
  useMenus.getState().reset();
  useTabs.getState().reset();
}

/**
 * Logout: tells the server, and clears the session even when that call fails (spec §4). A session opened by single
 * sign-on then goes on to the provider's logout, which returns to the login page.
 */
export async function logout(): Promise<void> {
  let providerLogout: string | null = null;
  try {
    await stopPushHere().catch(() => undefined);
    if (peekClientConfig()?.sso) {
      const env = await sessionApi.ssoLogoutUrl().catch(() => null);
      providerLogout = env?.code === 0 ? env.data.logoutUrl : null;
    }
    await sessionApi.logout();
  } catch {
    /* the session is cleared anyway */
  } finally {
    againOut();
  }
  if (!providerLogout) return;
  // the provider's logout returns to the login page; nothing of this page runs on meanwhile (no route change)
  window.location.assign(providerLogout);
  return new Promise<void>(() => {});
}

/** Guard step 2: load the user info into the session; throws when the call fails (the guard says why). */
export async function loadUserInfo(): Promise<void> {
  const info = unwrap(await sessionApi.userInfo(true));
  useSession.getState().applyUserInfo(info);
  void checkPasswordStatus();
  void loadV1Token();
}

type MenuAnswers = [ApiEnvelope<FunctionItem[]>, ApiEnvelope<FunctionItem[]>];

/**
 * The menus asked for before the user info is in (a fresh session: beside it, not after it), quietly: `loadMenus`
 * takes them when they came, and asks again, aloud, when they did not.
 */
export function fetchMenusEarly(): Promise<MenuAnswers | null> {
  return Promise.all([sessionApi.menu(true), sessionApi.functions(true)]).then(
    (answers) => (answers.every((a) => a.code === 0) ? answers : null),
    () => null,
  );
}

/** Guard step 3: refresh the menus and rebuild the routes (with the menus asked for early, when there are). */
export async function loadMenus(early?: Promise<MenuAnswers | null> | null): Promise<void> {
  const [menuEnv, funEnv] = (await early) ?? (await Promise.all([sessionApi.menu(), sessionApi.functions()]));
  const menu = menuEnv.code === 0 && Array.isArray(menuEnv.data) ? menuEnv.data : [];
  const functions = funEnv.code === 0 && Array.isArray(funEnv.data) ? funEnv.data : menu;
  useMenus.getState().setMenus(menu, functions);
  useSession.getState().menusLoaded();
}

/**
 * code 0: no change needed; any other code: a change is needed (a warning for 2.5 s naming why, see
 * `passwordWarning`).
 */
async function checkPasswordStatus(): Promise<void> {
  let needChange = useSession.getState().needChangePass;
  let data: unknown;
  try {
    const env = await sessionApi.passwordStatus();
    needChange = env.code !== 0;
    data = env.data;
  } catch {
    /* keep what the login said */
  }
  const session = useSession.getState();
  session.setNeedChangePass(needChange);
  const warning = needChange ? passwordWarning(session.platform, data) : null;
  if (warning) feedback().message.warning({ content: warning, duration: NOTICE_S });
}

/** The v1 token's message is stored as V1-TOKEN (spec §7). */
async function loadV1Token(): Promise<void> {
  try {
    const env = await sessionApi.v1Token();
    if (env.code === 0 && env.message) writeLocal(STORAGE_KEYS.v1Token, env.message);
  } catch {
    /* optional */
  }
}
