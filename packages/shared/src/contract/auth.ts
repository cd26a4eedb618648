import { z } from 'zod';
import { MESSAGES } from '../validate/messages';
import { isMobile } from '../validate/phone';

/** sm3(sm3(plain)) as lower-case hex: 64 hex chars. Plain text never leaves the browser. */
export const passwordHash = z.string().regex(/^[0-9a-f]{64}$/, { message: '密码格式不正确' });
const shortText = (label: string, max = 64) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}` })
    .max(max, { message: `${label}过长` });

export const loginBody = z.object({
  username: shortText('账号'),
  password: passwordHash,
  /** the password as typed, sent only when a directory (LDAP/AD) is configured: the directory checks it by a bind */
  directoryPassword: z.string().max(256).optional(),
  captchaKey: z.string().max(64).optional(),
  captcha: z.string().max(8).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  userCode: z.string(),
  userName: z.string(),
  mobile: z.string().nullable(),
  sex: z.string().nullable(),
  icon: z.string().nullable(),
  email: z.string().nullable(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  orgCode: z.string(),
  orgName: z.string(),
  position: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResult = z.object({
  token: z.string(),
  user: sessionUser,
  needChangePass: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const roleRef = z.object({ roleCode: z.string(), roleName: z.string() });
export type RoleRef = z.infer<typeof roleRef>;

/** An entry of the user's platform list (spec §3: platformInfo.platformCode). */
export const platformEntry = z.object({
  platformInfo: z.object({ platformCode: z.string(), platformName: z.string() }),
});
export type PlatformEntry = z.infer<typeof platformEntry>;

/** GET /api/auth/base/system/userinfo/get */
export const userInfo = z.object({
  user: sessionUser,
  roles: z.array(roleRef),
  platformList: z.array(platformEntry),
  /** codes of every function (permission) granted to the user, hidden ones included */
  permissions: z.array(z.string()),
  isAdmin: z.boolean(),
  groupCode: z.string().nullable(),
  needChangePass: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A function: both a menu entry and a permission (spec §3, ARCHITECTURE.md §8). */
export const functionItem = z.object({
  funCode: z.string(),
  funName: z.string(),
  parentCode: z.string().nullable(),
  router: z.string().nullable(),
  routerSelected: z.string().nullable(),
  sortNo: z.number().int(),
  isHidden: z.enum(['Y', 'N']),
  isLink: z.enum(['Y', 'N']),
  linkUrl: z.string().nullable(),
  icon: z.string().nullable(),
  /** '0' folder, '1' page, '2' button / API permission */
  menuType: z.enum(['0', '1', '2']),
  /** platform the function belongs to: '1' OA, '4' member platform */
  platformCode: z.string(),
  /** 'Y' when the page must not be cached in its tab */
  noCache: z.enum(['Y', 'N']),
});
export type FunctionItem = z.infer<typeof functionItem>;

export const menuQuery = z.object({
  isHidden: z.enum(['Y', 'N']).optional(),
  target: z.coerce.number().int().min(0).max(9).default(0),
});

export const changePasswordBody = z.object({
  userCode: shortText('用户编码'),
  oldPassword: passwordHash,
  password: passwordHash,
});
/** A required mobile number, checked by the shared rule of spec §5. */
export const requiredMobile = z
  .string({ message: '请输入手机号码' })
  .trim()
  .min(1, { message: '请输入手机号码' })
  .refine(isMobile, { message: MESSAGES.mobile });

export const resetPasswordBody = z.object({
  userCode: z.string().max(64).optional(),
  mobile: requiredMobile,
  password: passwordHash,
  captcha: z.string({ message: MESSAGES.captchaRequired }).regex(/^\d{6}$/, { message: '验证码为6位数字' }),
});
export const smsQuery = z.object({
  mobile: requiredMobile,
  source: z.string().max(32).default('oa-reset'),
  /** the image captcha (getCaptcha) an anonymous send must solve first */
  captchaKey: z.string().max(64).optional(),
  imageCaptcha: z.string().max(8).optional(),
});
/** What the login page asks before submit: does this account name (known or not) need a captcha, is it locked. */
export const loginStateBody = z.object({ username: z.string().max(64).optional() }).nullish();
export const loginState = z.object({ captchaRequired: z.boolean(), lockedMinutes: z.number().int().nullable() });
export type LoginState = z.infer<typeof loginState>;

export const captchaResult = z.object({ captchaKey: z.string(), image: z.string(), required: z.boolean() });
export const passwordStatus = z.object({
  expired: z.boolean(),
  reason: z.enum(['none', 'age', 'reset']),
  changedAt: z.string().nullable(),
});

/** GET /api/base/system/clientConfig — what the web app needs at start-up (not baked in at build time). */
export const clientConfig = z.object({
  appId: z.string(),
  secret: z.string(),
  siteTitle: z.string(),
  footerTxt: z.string(),
  supportPhone: z.string(),
  portalUrl: z.string(),
  memberUrl: z.string(),
  mandatoryUrl: z.string(),
  robotUserCode: z.string(),
  orgCode: z.string(),
  version: z.string(),
  loginCaptcha: z.enum(['always', 'after-failures', 'off']),
  /** single sign-on offered on the login page (docs/configuration.md「单点登录」); null: none configured, no button */
  sso: z.object({ protocol: z.enum(['oidc', 'cas']), label: z.string() }).nullable(),
  /** a directory (LDAP/AD) checks the passwords of its accounts: the login page also sends the password as typed */
  directoryLogin: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

/** Health: 'ok' when the database answers and Redis (when configured) does; otherwise 'down' with an HTTP 503. */
export const healthResult = z.object({
  status: z.enum(['ok', 'down']),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  database: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down', 'off']),
});
