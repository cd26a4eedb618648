import { TOKEN_KEY, V1_TOKEN_KEY } from '@oa/shared/constants';

/** Every key the web app keeps in localStorage / sessionStorage (spec §3, §4, §9). */
export const STORAGE_KEYS = {
  token: TOKEN_KEY,
  v1Token: V1_TOKEN_KEY,
  userCode: 'userCode',
  userName: 'userName',
  deptCode: 'deptCode',
  deptName: 'deptName',
  orgCode: 'orgCode',
  orgName: 'orgName',
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  /** the text size of the UI size setting: 1, 1.25, 1.5 or 2 (WCAG 1.4.4, text up to 200 %) */
  textScale: 'text-scale',
  /** sessionStorage: start time (ms) of the SMS resend countdown */
  smsCountdownStart: 'sms-countdown-start',
  /** sessionStorage: mobile the last SMS code was sent to */
  smsCountdownMobile: 'sms-countdown-mobile',
} as const;

/** User fields stored at user-info load and removed at logout. */
export const USER_STORAGE_KEYS = [
  STORAGE_KEYS.userCode,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.deptCode,
  STORAGE_KEYS.deptName,
  STORAGE_KEYS.orgCode,
  STORAGE_KEYS.orgName,
] as const;

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): keep going in memory */
  }
}

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
}

export const getToken = (): string | null => readLocal(STORAGE_KEYS.token);
export const saveToken = (token: string | null): void => writeLocal(STORAGE_KEYS.token, token);

/**
 * A `?token=` in the page address overrides the stored token (spec §6). It is taken once at start-up,
 * stored, and removed from the address bar so it does not leak into bookmarks or copied links.
 */
export function captureAddressToken(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  // A /workflow/kk share link's token signs the link itself; it is no login and stays in the address.
  if (/\/workflow\/kk\/?$/i.test(url.pathname)) return false;
  saveToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return true;
}
