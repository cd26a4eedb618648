import { z } from 'zod';
import { loginResult } from './auth';

/** The methods a second step may use. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'sms'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What a correct password gets when a second step is due (code SECOND_FACTOR_REQUIRED). */
export const loginChallenge = z.object({
  challenge: z.string(),
  /** true: the account must enrol an authenticator app before it gets a session (policy of one of its roles) */
  enrol: z.boolean(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  /** the bound mobile, masked, when an SMS code may be used */
  maskedMobile: z.string().nullable(),
  expiresIn: z.number(),
  /** single sign-on: the in-app page to land on once the second step is passed */
  redirect: z.string().optional(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;

const challenge = z.string({ message: '登录验证已失效，请重新登录' }).min(10, { message: '登录验证已失效，请重新登录' }).max(2048);
const code = z.string({ message: '请输入验证码' }).trim().min(6, { message: '请输入验证码' }).max(20, { message: '验证码格式不正确' });
const totpCode = z
  .string({ message: '请输入动态口令' })
  .trim()
  .regex(/^\d{6}$/, { message: '动态口令为 6 位数字' });

export const secondStepBody = z.object({ challenge, method: z.enum(SECOND_FACTOR_METHODS, { message: '请选择验证方式' }), code });
export type SecondStepBody = z.infer<typeof secondStepBody>;
export const challengeBody = z.object({ challenge });
export const enrolConfirmLoginBody = z.object({ challenge, code: totpCode });

/** A secret shown for enrolment: the QR code (PNG data URL) of its otpauth:// address and the secret as text. */
export const enrolStart = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string(), expiresIn: z.number() });
export type EnrolStart = z.infer<typeof enrolStart>;
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const loginWithRecovery = loginResult.extend({ recoveryCodes: z.array(z.string()) });

export const twoFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  required: z.boolean(),
  /** names of the roles that require it */
  requiredBy: z.array(z.string()),
  recoveryLeft: z.number(),
  smsAvailable: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const confirmCodeBody = z.object({ code: totpCode });
/** Disabling or regenerating needs a current code or the password (sm3(sm3(plain))). */
export const proofBody = z
  .object({ code: totpCode.optional(), password: z.string().max(128).optional() })
  .refine((b) => !!b.code || !!b.password, { message: '请输入动态口令或登录密码', path: ['code'] });

export const rolePolicy = z.object({
  roleCode: z.string(),
  roleName: z.string(),
  required: z.boolean(),
  holders: z.number(),
  enrolled: z.number(),
});
export type RolePolicy = z.infer<typeof rolePolicy>;
export const rolePolicyBody = z.object({
  roleCode: z.string({ message: '请选择角色' }).trim().min(1, { message: '请选择角色' }).max(64),
  required: z.boolean({ message: '请选择是否必须启用' }),
});
export const enrolledPerson = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  enrolledAt: z.string(),
  recoveryLeft: z.number(),
});
export type EnrolledPerson = z.infer<typeof enrolledPerson>;
export const resetBody = z.object({ userCode: z.string({ message: '请选择人员' }).trim().min(1, { message: '请选择人员' }).max(64) });
