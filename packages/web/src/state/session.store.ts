import { onlySeparatedAdmin } from '@oa/shared/access/three-admins';
import { create } from 'zustand';
import type { LoginResult, RoleRef, SessionUser, UserInfo } from '@oa/shared/contract/auth';
import { PLATFORM, ROLE_DEFAULT } from '@oa/shared/constants';
import { STORAGE_KEYS, USER_STORAGE_KEYS, getToken, saveToken, writeLocal } from '../lib/storage-keys';

/** The user session of spec §3/§4. `roles` empty means "user info not loaded yet" (guard step 2). */
interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** role codes joined by ';' (ROLE_SYSTEM_DEFAULT when the user has none); '' until user info loads */
  roles: string;
  roleList: RoleRef[];
  /** the platform the user works in: '1' OA, '19' foundation web */
  platform: string | null;
  platformCodes: string[];
  permissions: string[];
  isAdmin: boolean;
  groupCode: string | null;
  /** true after login: the guard refreshes the menus and rebuilds the routes */
  loadMenus: boolean;
  needChangePass: boolean;
  login: (result: LoginResult) => void;
  applyUserInfo: (info: UserInfo) => void;
  setNeedChangePass: (flag: boolean) => void;
  menusLoaded: () => void;
  /** 'AgainOut': clear the session and the stored user fields and token */
  clear: () => void;
}

const empty = {
  user: null,
  roles: '',
  roleList: [],
  platform: null,
  platformCodes: [],
  permissions: [],
  isAdmin: false,
  groupCode: null,
  needChangePass: false,
};

/** '1' when the user has the OA platform, else '19' when the foundation platform, else the first one. */
function pickPlatform(codes: string[]): string | null {
  if (codes.includes(PLATFORM.OA)) return PLATFORM.OA;
  if (codes.includes(PLATFORM.FOUNDATION)) return PLATFORM.FOUNDATION;
  return codes[0] ?? PLATFORM.OA;
}

export const useSession = create<SessionState>()((set) => ({
  ...empty,
  token: getToken(),
  loadMenus: Boolean(getToken()),
  login: (result) => {
    saveToken(result.token);
    set({ ...empty, token: result.token, loadMenus: true, needChangePass: result.needChangePass });
  },
  applyUserInfo: (info) => {
    const codes = info.roles.map((r) => r.roleCode).filter(Boolean);
    const platformCodes = info.platformList.map((p) => p.platformInfo.platformCode);
    const u = info.user;
    writeLocal(STORAGE_KEYS.userCode, u.userCode);
    writeLocal(STORAGE_KEYS.userName, u.userName);
    writeLocal(STORAGE_KEYS.deptCode, u.deptCode);
    writeLocal(STORAGE_KEYS.deptName, u.deptName);
    writeLocal(STORAGE_KEYS.orgCode, u.orgCode);
    writeLocal(STORAGE_KEYS.orgName, u.orgName);
    set((s) => ({
      // a fresh session (reload, or a token from the page address) also needs its menus and routes
      token: getToken(),
      loadMenus: true,
      user: u,
      roles: codes.length > 0 ? codes.join(';') : ROLE_DEFAULT,
      roleList: info.roles,
      platformCodes,
      platform: pickPlatform(platformCodes),
      permissions: info.permissions,
      isAdmin: info.isAdmin,
      groupCode: info.groupCode,
      needChangePass: s.needChangePass || info.needChangePass,
    }));
  },
  setNeedChangePass: (flag) => set({ needChangePass: flag }),
  menusLoaded: () => set({ loadMenus: false }),
  clear: () => {
    for (const key of USER_STORAGE_KEYS) writeLocal(key, null);
    writeLocal(STORAGE_KEYS.v1Token, null);
    saveToken(null);
    set({ ...empty, token: null, loadMenus: false });
  },
}));

/** 三员分立: the account holds only the security or audit administrator role, and is shown no business part of the shell. */
export const useOnlySeparatedAdmin = (): boolean =>
  useSession((s) => s.roleList.length > 0 && onlySeparatedAdmin(s.roleList.map((r) => r.roleCode)));
