import { inChange } from '../../core/audit';
import type { z } from 'zod';
import type {
  AdminRole,
  RoleByUser,
  RoleFunTree,
  RoleUser,
  roleCreateBody,
  roleListQuery,
  roleUserListQuery,
} from '@oa/shared/contract/admin-roles';
import type { Paged } from '@oa/shared/contract/envelope';
import { ROLE_DEFAULT } from '@oa/shared/constants';
import { ADMIN_ROLES } from '@oa/shared/access/three-admins';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { toFunctionItem } from '../../core/identity/identity.repository';
import { bumpMenuVersion } from '../../core/identity/menu-version';
import { checkFunctionGrant, guardRoleChange } from '../../core/identity/grant-rules';
import * as repo from './roles.repository';

/** Roles, role users and role functions of one platform ('1' OA on /role, '4' member platform on /memberRole). */
export type Platform = '1' | '4';
const BUILT_IN = new Set<string>([...ADMIN_ROLES, ROLE_DEFAULT]);

type RoleInput = z.output<typeof roleCreateBody>;

async function roleOf(db: Db, platform: Platform, roleCode: string) {
  const r = await repo.findRole(db, roleCode);
  if (!r || r.platform_code !== platform) throw notFound(`角色不存在：${roleCode}`);
  return r;
}

export async function listRoles(db: Db, platform: Platform, q: z.output<typeof roleListQuery>): Promise<Paged<AdminRole>> {
  const all = await repo.listRoles(db, platform, q.keyword);
  const slice = all.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize);
  const counts = await repo.countsByRole(
    db,
    slice.map((r) => r.role_code),
  );
  return {
    list: slice.map((r) => ({
      roleCode: r.role_code,
      roleName: r.role_name,
      remark: r.remark,
      sortNo: r.sort_no,
      platformCode: r.platform_code,
      userCount: counts.users.get(r.role_code) ?? 0,
      funCount: counts.funs.get(r.role_code) ?? 0,
      builtIn: BUILT_IN.has(r.role_code),
      createdAt: r.created_at,
    })),
    total: all.length,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export async function getRole(db: Db, platform: Platform, roleCode: string): Promise<AdminRole> {
  const r = await roleOf(db, platform, roleCode);
  const counts = await repo.countsByRole(db, [roleCode]);
  return {
    roleCode: r.role_code,
    roleName: r.role_name,
    remark: r.remark,
    sortNo: r.sort_no,
    platformCode: r.platform_code,
    userCount: counts.users.get(roleCode) ?? 0,
    funCount: counts.funs.get(roleCode) ?? 0,
    builtIn: BUILT_IN.has(roleCode),
    createdAt: r.created_at,
  };
}

export async function createRole(db: Db, platform: Platform, b: RoleInput): Promise<void> {
  await inChange(db, async (trx) => {
    if (await repo.findRole(trx, b.roleCode)) throw bizError(`角色编码「${b.roleCode}」已存在`);
    await repo.insertRole(trx, {
      role_code: b.roleCode,
      role_name: b.roleName,
      remark: b.remark,
      sort_no: b.sortNo,
      platform_code: platform,
      created_at: nowIso(),
    });
    await bumpMenuVersion(trx);
  });
}

export async function updateRole(db: Db, platform: Platform, b: RoleInput): Promise<void> {
  await inChange(db, async (trx) => {
    await roleOf(trx, platform, b.roleCode);
    await repo.updateRole(trx, b.roleCode, { role_name: b.roleName, remark: b.remark, sort_no: b.sortNo });
    await bumpMenuVersion(trx);
  });
}

/** Refused for built-in roles and roles in use; grants go with the role, in one transaction. */
export async function deleteRole(db: Db, platform: Platform, roleCode: string): Promise<string> {
  return inChange(db, async (trx) => {
    const r = await roleOf(trx, platform, roleCode);
    if (BUILT_IN.has(roleCode)) throw bizError(`「${r.role_name}」是系统内置角色，不能删除`);
    const use = await repo.roleUsage(trx, roleCode);
    if (use.users > 0 || use.groups > 0) {
      const parts = [use.users > 0 ? `${use.users} 个用户` : '', use.groups > 0 ? `${use.groups} 个角色组` : ''].filter(Boolean).join('、');
      throw bizError(`角色「${r.role_name}」正在被 ${parts} 使用，请先移除后再删除`);
    }
    await repo.deleteRole(trx, roleCode);
    await bumpMenuVersion(trx);
    return r.role_name;
  });
}

async function checkUsers(db: Db, userCodes: readonly string[]): Promise<void> {
  const known = await repo.existingUserCodes(db, userCodes);
  const missing = userCodes.filter((u) => !known.has(u));
  if (missing.length) throw bizError(`用户不存在：${missing.slice(0, 5).join('、')}`);
}

/** Gives `roleCode` to users, by `me` (the rules of 三员分立: `guardRoleChange`). */
export async function addRoleUsers(db: Db, platform: Platform, roleCode: string, userCodes: string[], me: string): Promise<void> {
  await inChange(db, async (trx) => {
    await roleOf(trx, platform, roleCode);
    if (roleCode === ROLE_DEFAULT) throw bizError('默认角色自动适用于所有用户，无需分配');
    await checkUsers(trx, userCodes);
    await guardRoleChange(trx, me, userCodes, () => repo.addRoleUsers(trx, roleCode, [...new Set(userCodes)]));
    await bumpMenuVersion(trx);
  });
}

export async function removeRoleUsers(db: Db, platform: Platform, roleCode: string, userCodes: string[], me: string): Promise<number> {
  if ((ADMIN_ROLES as readonly string[]).includes(roleCode) && userCodes.includes(me)) throw bizError('不能移除自己的管理员角色');
  return inChange(db, async (trx) => {
    await roleOf(trx, platform, roleCode);
    const n = await repo.removeRoleUsers(trx, roleCode, userCodes);
    await bumpMenuVersion(trx);
    return n;
  });
}

async function holders(db: Db, platform: Platform, roleCode: string, keyword?: string): Promise<RoleUser[]> {
  await roleOf(db, platform, roleCode);
  const k = keyword?.trim().toLowerCase();
  return (await repo.roleHolders(db, roleCode))
    .filter((r) => !k || [r.user_code.toLowerCase(), r.user_name, r.pinyin, r.pinyin_initials, r.mobile ?? ''].some((s) => s.includes(k)))
    .sort((a, b) => a.sort_no - b.sort_no || a.user_code.localeCompare(b.user_code))
    .map((r) => ({
      userCode: r.user_code,
      userName: r.user_name,
      deptName: r.dept_name ?? null,
      mobile: r.mobile,
      status: r.status,
      via: r.via,
    }));
}

export async function roleUserList(db: Db, platform: Platform, q: z.output<typeof roleUserListQuery>): Promise<Paged<RoleUser>> {
  const all = await holders(db, platform, q.roleCode, q.keyword);
  return {
    list: all.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize),
    total: all.length,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export const userByRoleList = (db: Db, platform: Platform, roleCode: string) => holders(db, platform, roleCode);

export async function roleListByUser(db: Db, userCode: string): Promise<RoleByUser[]> {
  if ((await repo.existingUserCodes(db, [userCode])).size === 0) throw notFound(`用户不存在：${userCode}`);
  return (await repo.rolesOfUser(db, userCode))
    .sort((a, b) => a.sort_no - b.sort_no)
    .map((r) => ({ roles: { roleCode: r.role_code, roleName: r.role_name, platformCode: r.platform_code }, via: r.via }));
}

export async function roleFunTree(db: Db, platform: Platform, roleCode: string): Promise<RoleFunTree> {
  await roleOf(db, platform, roleCode);
  const [functions, checked] = await Promise.all([repo.functionsOfPlatform(db, platform), repo.roleFunCodes(db, roleCode)]);
  return { functions: functions.map(toFunctionItem), checked };
}

export async function roleFunLinks(db: Db, platform: Platform, roleCode: string) {
  await roleOf(db, platform, roleCode);
  return (await repo.roleFunCodes(db, roleCode)).map((funCode) => ({ roleCode, funCode }));
}

/** Replaces the role's grants with `funCodes` (functions of the role's platform only), by `me` (`checkFunctionGrant`). */
export async function setRoleFuns(
  db: Db,
  platform: Platform,
  roleCode: string,
  funCodes: string[],
  me: string,
): Promise<{ added: string[]; removed: string[] }> {
  return inChange(db, async (trx) => {
    await roleOf(trx, platform, roleCode);
    const known = new Set((await repo.functionsOfPlatform(trx, platform)).map((f) => f.fun_code));
    const wanted = [...new Set(funCodes)];
    const unknown = wanted.filter((c) => !known.has(c));
    if (unknown.length) throw bizError(`功能不存在或不属于该平台：${unknown.slice(0, 5).join('、')}`);
    const before = new Set(await repo.roleFunCodes(trx, roleCode));
    await checkFunctionGrant(
      trx,
      me,
      roleCode,
      wanted.filter((c) => !before.has(c)),
    );
    await repo.replaceRoleFuns(trx, roleCode, wanted);
    await bumpMenuVersion(trx);
    return { added: wanted.filter((c) => !before.has(c)), removed: [...before].filter((c) => !wanted.includes(c)) };
  });
}
