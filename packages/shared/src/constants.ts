/** Business constants and limits of spec §9. */
export const REQUEST_TIMEOUT_MS = 1_200_000;
export const TOKEN_KEY = 'EL-ADMIN-TOKEN';
export const V1_TOKEN_KEY = 'V1-TOKEN';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const SMS_COUNTDOWN_S = 60;
export const NOTICE_S = 2.5;
export const TIMEOUT_NOTICE_S = 5;
export const INNER_NET_TIMEOUT_MS = 1500;
export const APP_PAGE_SIZE = 5;
export const PLATFORM = { OA: '1', FOUNDATION: '19', MEMBER: '4', INDUSTRY_SERVICE: '91', MANDATORY: '92', UNIT_CONTACT: '20' } as const;
/** The unit contacts' area in the browser (platform UNIT_CONTACT). */
export const UNIT_AREA = '/unitForWeb';
export const MEETING_OPEN = 'O';
export const ROLE_DEFAULT = 'ROLE_SYSTEM_DEFAULT';
export const ROLE_ADMIN = 'admin';
export const ROLE = {
  DEPT_LEADER: '001',
  WEEKLY_LEADER: '010',
  DEPT_RECEIPT_LEADER: '012',
  ADDRESS_VIEWER: '013',
  BANK_CARD_VIEWER: '014',
  LEGAL_REPRESENTATIVE: '05cf64576a006ac7',
} as const;
export const CARD_DIALOG_WIDTH = 350;
export const CARD_AVATAR = 70;
export const ADDRESS_DRAWER_WIDTH = 500;
export const SIDEBAR_WIDTH = 80;
export const TAB_SCROLL_PADDING = 4;
export const THEME_COLOR = '#1890ff';
// The spec's workflow cutoff time (2023-05-09 18:00:00) separated the old system's processes from its
// new engine; this system has one engine and no processes from before it, so the constant is not kept.
export const SEX = { MALE: '男', FEMALE: '女' } as const;
export const CARD_TYPES = ['DC', 'CC', 'SCC', 'PC'] as const;
/** The fixed organisation code of the association (address book, business card). */
export const ORG_CODE = 'ASSOC';
