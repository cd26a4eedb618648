import { z } from 'zod';
import { pageQuery } from './envelope';
import { passwordHash } from './auth';
import { zMobile, zPhoneOrLandline } from '../validate/zod';

/**
 * The administrator's side (spec §1, §3, §6, §7 "Roles"): users, departments, roles, role groups,
 * role users, role functions, the function tree and column publishing grants.
 * Role and function payloads: see ./admin-roles.
 */

const code = (label: string, max = 64) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}` })
    .max(max, { message: `${label}过长` })
    .regex(/^[A-Za-z0-9_:.-]+$/, { message: `${label}只能包含字母、数字、下划线、冒号、点和横线` });
const text = (label: string, max = 64) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}` })
    .max(max, { message: `${label}过长` });
const optText = (label: string, max = 255) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}过长` })
    .nullish()
    .transform((v) => v || null);
export const codeList = (label: string) =>
  z
    .array(code(label))
    .min(1, { message: `请选择${label}` })
    .max(1000, { message: `${label}过多` });

export const flag = z.enum(['Y', 'N'], { message: '取值只能是 Y 或 N' });
export const SEX_VALUES = ['男', '女'] as const;
/** Platform codes a user may be given (spec §3). */
export const PLATFORM_OPTIONS = [
  { value: '1', label: '协会办公平台' },
  { value: '4', label: '会员管理平台' },
  { value: '19', label: '课题基金申报平台' },
  { value: '91', label: '行业服务平台' },
  { value: '92', label: '受托管理平台' },
] as const;
const platformCode = z.enum(['1', '4', '19', '91', '92'], { message: '平台编码不正确' });

// ---------------------------------------------------------------------------------------------- users

export const adminUser = z.object({
  userCode: z.string(),
  userName: z.string(),
  sex: z.string().nullable(),
  mobile: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  room: z.string().nullable(),
  position: z.string().nullable(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  status: flag,
  passwordReset: flag,
  platforms: z.array(z.string()),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  sortNo: z.number().int(),
  createdAt: z.string(),
  /** a disabled account that still holds work (tasks, CC, roles…) to hand over (issue 38) */
  pendingHandover: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const userListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  deptCode: z.string().trim().max(32).optional(),
  /** include the users of sub-departments of deptCode (default Y) */
  withSub: flag.default('Y'),
  status: flag.optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

const userFields = {
  userName: text('姓名', 64),
  sex: z
    .enum(SEX_VALUES, { message: '请选择性别' })
    .nullish()
    .transform((v) => v ?? null),
  mobile: zMobile().transform((v) => v || null),
  tel: zPhoneOrLandline().transform((v) => v || null),
  email: z
    .union([z.literal(''), z.email({ message: '请输入正确的电子邮箱' }).max(128)])
    .nullish()
    .transform((v) => v || null),
  room: optText('办公室', 64),
  position: optText('职务', 64),
  deptCode: text('所属部门', 32),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  platforms: z.array(platformCode).max(5).default(['1']),
};

export const userCreateBody = z.object({
  userCode: code('登录账号'),
  ...userFields,
  /** initial password, sm3(sm3(plain)); the user must change it at first login */
  password: passwordHash,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z.object({ userCode: code('登录账号'), ...userFields });
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const userStatusBody = z.object({ userCode: code('登录账号'), status: flag });
export const userResetPasswordBody = z.object({ userCode: code('登录账号'), password: passwordHash });
export const userCodeQuery = z.object({ userCode: code('登录账号') });

/** One refused row of an Excel import (row numbers as Excel shows them). */
export const importError = z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() });
export const importResult = z.object({ imported: z.number().int(), errors: z.array(importError) });
export type ImportResult = z.infer<typeof importResult>;

/** Column headers of the user import template and export, in order. */
export const USER_SHEET_HEADERS = [
  '登录账号',
  '姓名',
  '性别',
  '手机号码',
  '办公电话',
  '电子邮箱',
  '办公室',
  '职务',
  '部门编码',
  '平台权限',
] as const;

// ---------------------------------------------------------------------------------------------- departments

export const adminDept = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  parentCode: z.string().nullable(),
  sortNo: z.number().int(),
  leaderUserCode: z.string().nullable(),
  leaderName: z.string().nullable(),
  userCount: z.number().int(),
});
export type AdminDept = z.infer<typeof adminDept>;

const deptFields = {
  deptName: text('部门名称', 100),
  parentCode: z
    .string()
    .trim()
    .max(32)
    .nullish()
    .transform((v) => v || null),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  leaderUserCode: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
};
export const deptCreateBody = z.object({ deptCode: code('部门编码', 32), ...deptFields });
export const deptUpdateBody = z.object({ deptCode: code('部门编码', 32), ...deptFields });
export type DeptBody = z.input<typeof deptCreateBody>;
export const deptCodeBody = z.object({ deptCode: code('部门编码', 32) });
export const moveUsersBody = z.object({ userCodes: codeList('用户'), deptCode: code('目标部门', 32) });

// ---------------------------------------------------------------------------------------------- user pickers

export const userOption = z.object({ userCode: z.string(), userName: z.string(), deptName: z.string().nullable() });
export type UserOption = z.infer<typeof userOption>;
export const userOptionQuery = z.object({ keyword: z.string().trim().max(64).optional() });

// ---------------------------------------------------------------------------------------------- information columns

export const infoColumn = z.object({
  columnCode: z.string(),
  columnName: z.string(),
  sortNo: z.number().int(),
  userCount: z.number().int(),
});
export type InfoColumn = z.infer<typeof infoColumn>;
export const columnCodeQuery = z.object({ columnCode: code('栏目') });
export const columnGrantBody = z.object({ columnCode: code('栏目'), userCodes: codeList('用户') });
export const columnUser = userOption.extend({ grantedAt: z.string() });
export type ColumnUser = z.infer<typeof columnUser>;

export { code as adminCode, text as adminText, optText as adminOptText };
