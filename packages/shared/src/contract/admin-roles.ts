import { z } from 'zod';
import { pageQuery } from './envelope';
import { functionItem } from './auth';
import { adminCode, adminOptText, adminText, codeList, flag } from './admin';

/** Roles, role groups, role users, role functions and the function tree (spec §3, §6, §7 "Roles"). */

// ---------------------------------------------------------------------------------------------- roles

export const adminRole = z.object({
  roleCode: z.string(),
  roleName: z.string(),
  remark: z.string().nullable(),
  sortNo: z.number().int(),
  platformCode: z.string(),
  userCount: z.number().int(),
  funCount: z.number().int(),
  /** built-in roles (admin, ROLE_SYSTEM_DEFAULT) cannot be deleted */
  builtIn: z.boolean(),
  createdAt: z.string(),
});
export type AdminRole = z.infer<typeof adminRole>;

export const roleListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
const roleFields = {
  roleName: adminText('角色名称', 64),
  remark: adminOptText('备注', 255),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
};
export const roleCreateBody = z.object({ roleCode: adminCode('角色编码'), ...roleFields });
export const roleUpdateBody = z.object({ roleCode: adminCode('角色编码'), ...roleFields });
export type RoleBody = z.input<typeof roleCreateBody>;
export const roleCodeQuery = z.object({ roleCode: adminCode('角色编码') });
export const roleCodeBody = roleCodeQuery;

// ---------------------------------------------------------------------------------------------- role groups

export const roleGroup = z.object({
  groupCode: z.string(),
  groupName: z.string(),
  remark: z.string().nullable(),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  users: z.array(z.object({ userCode: z.string(), userName: z.string() })),
  createdAt: z.string(),
});
export type RoleGroup = z.infer<typeof roleGroup>;
const groupFields = {
  groupName: adminText('角色组名称', 64),
  remark: adminOptText('备注', 255),
  roleCodes: z.array(adminCode('角色')).max(200).default([]),
  userCodes: z.array(adminCode('用户')).max(2000).default([]),
};
export const roleGroupCreateBody = z.object({ groupCode: adminCode('角色组编码'), ...groupFields });
export const roleGroupUpdateBody = z.object({ groupCode: adminCode('角色组编码'), ...groupFields });
export type RoleGroupBody = z.input<typeof roleGroupCreateBody>;
export const roleGroupCodeBody = z.object({ groupCode: adminCode('角色组编码') });

// ---------------------------------------------------------------------------------------------- role users

export const roleUsersBody = z.object({ roleCode: adminCode('角色编码'), userCodes: codeList('用户') });
export const roleUserListQuery = pageQuery.extend({ roleCode: adminCode('角色编码'), keyword: z.string().trim().max(64).optional() });
export const roleUser = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  mobile: z.string().nullable(),
  status: flag,
  /** 'direct' or the name of the role group it comes through */
  via: z.string(),
});
export type RoleUser = z.infer<typeof roleUser>;
/** roleListByUser: one entry per role, the role itself in `roles` (spec §3). */
export const roleByUser = z.object({
  roles: z.object({ roleCode: z.string(), roleName: z.string(), platformCode: z.string() }),
  via: z.string(),
});
export type RoleByUser = z.infer<typeof roleByUser>;
export const userCodeOnlyQuery = z.object({ userCode: adminCode('用户') });

// ---------------------------------------------------------------------------------------------- role functions

export const roleFunsBody = z.object({
  roleCode: adminCode('角色编码'),
  /** the complete set of granted function codes (replaces the previous set); [] revokes all */
  funCodes: z.array(adminCode('功能')).max(5000).default([]),
});
export type RoleFunsBody = z.input<typeof roleFunsBody>;
export const roleFunLink = z.object({ roleCode: z.string(), funCode: z.string() });
/** roleFunList: the role platform's function tree (flat) and the checked codes. */
export const roleFunTree = z.object({ functions: z.array(functionItem), checked: z.array(z.string()) });
export type RoleFunTree = z.infer<typeof roleFunTree>;

// ---------------------------------------------------------------------------------------------- functions

export const MENU_TYPES = [
  { value: '0', label: '目录' },
  { value: '1', label: '页面' },
  { value: '2', label: '按钮/权限' },
] as const;

const nullableText = (label: string, max: number) => adminOptText(label, max);
const functionFields = {
  funName: adminText('功能名称', 64),
  parentCode: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  router: z
    .string()
    .trim()
    .max(255)
    .regex(/^(\/[^\s]*)?$/, { message: '路由须以 / 开头' })
    .nullish()
    .transform((v) => v || null),
  routerSelected: z
    .string()
    .trim()
    .max(255)
    .regex(/^(\/[^\s]*)?$/, { message: '选中路由须以 / 开头' })
    .nullish()
    .transform((v) => v || null),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  isHidden: flag.default('N'),
  isLink: flag.default('N'),
  linkUrl: nullableText('外链地址', 500),
  icon: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9]*$/, { message: '图标名称不正确' })
    .nullish()
    .transform((v) => v || null),
  menuType: z.enum(['0', '1', '2'], { message: '请选择功能类型' }),
  noCache: flag.default('N'),
};
export const functionCreateBody = z.object({ funCode: adminCode('功能编码'), ...functionFields });
export const functionUpdateBody = z.object({ funCode: adminCode('功能编码'), ...functionFields });
export type FunctionBody = z.input<typeof functionCreateBody>;
export const funCodeBody = z.object({ funCode: adminCode('功能编码') });
/** Drag to reorder: the new parent and the complete ordered list of its children. */
export const functionSortBody = z.object({
  parentCode: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  funCodes: codeList('功能'),
});
export type FunctionSortBody = z.input<typeof functionSortBody>;

/** GET /api/auth/base/system/menuVersion: changes whenever roles, grants or functions change. */
export const menuVersion = z.object({ version: z.string() });
