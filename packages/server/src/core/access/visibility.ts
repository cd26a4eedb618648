import { ROLE } from '@oa/shared/constants';

/** Who sees full mobile numbers in the address book and on cards: role 013 (address viewer) and administrators. */
export interface Viewer {
  userCode: string;
  roleCodes: readonly string[];
  isAdmin: boolean;
}

/** The viewer of a signed-in request (its `req.auth`). */
export const viewerOf = (auth: { user: { userCode: string }; roleCodes: string[]; isAdmin: boolean }): Viewer => ({
  userCode: auth.user.userCode,
  roleCodes: auth.roleCodes,
  isAdmin: auth.isAdmin,
});
export const seesAllMobiles = (v: Viewer): boolean => v.isAdmin || v.roleCodes.includes(ROLE.ADDRESS_VIEWER);

/** 13812341234 → 138****1234; other shapes keep only their last 4 characters. */
function maskMobile(mobile: string | null): string | null {
  if (!mobile) return mobile;
  if (/^\d{11}$/.test(mobile)) return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
  return mobile.length > 4 ? `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}` : '****';
}

/** The mobile number as this viewer may see it (oneself: always in full). */
export const visibleMobile = (v: Viewer, ownerCode: string, mobile: string | null): string | null =>
  seesAllMobiles(v) || v.userCode === ownerCode ? mobile : maskMobile(mobile);
