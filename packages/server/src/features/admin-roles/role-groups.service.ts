import type { z } from 'zod';
import type { RoleGroup, roleGroupCreateBody } from '@oa/shared/contract/admin-roles';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { bumpMenuVersion } from '../../core/identity/menu-version';
import * as repo from './role-groups.repository';
import { existingUserCodes } from './roles.repository';
import { checkRoleSet, guardRoleChange } from '../../core/identity/grant-rules';
import { inChange } from '../../core/audit';

type GroupInput = z.output<typeof roleGroupCreateBody>;

export async function listGroups(db: Db): Promise<RoleGroup[]> {
  return (await repo.listGroups(db)).map((g) => ({
    groupCode: g.group_code,
    groupName: g.group_name,
    remark: g.remark,
    roles: g.roles,
    users: g.users,
    createdAt: g.created_at,
  }));
}

async function checkMembers(db: Db, b: GroupInput): Promise<{ roles: string[]; users: string[] }> {
  const roles = [...new Set(b.roleCodes)];
  const users = [...new Set(b.userCodes)];
  const knownRoles = await repo.existingRoleCodes(db, roles);
  const badRoles = roles.filter((r) => !knownRoles.has(r));
  if (badRoles.length) throw bizError(`角色不存在：${badRoles.slice(0, 5).join('、')}`);
  checkRoleSet(roles);
  const knownUsers = await existingUserCodes(db, users);
  const badUsers = users.filter((u) => !knownUsers.has(u));
  if (badUsers.length) throw bizError(`用户不存在：${badUsers.slice(0, 5).join('、')}`);
  return { roles, users };
}

/** A role group gives its roles to its users: created and changed under the rules of 三员分立 (`guardRoleChange`), by `me`. */
export async function createGroup(db: Db, b: GroupInput, me: string): Promise<void> {
  await inChange(db, async (trx) => {
    if (await repo.findGroup(trx, b.groupCode)) throw bizError(`角色组编码「${b.groupCode}」已存在`);
    const m = await checkMembers(trx, b);
    await repo.insertGroup(trx, { group_code: b.groupCode, group_name: b.groupName, remark: b.remark, created_at: nowIso() });
    await guardRoleChange(trx, me, m.users, () => repo.setGroupMembers(trx, b.groupCode, m.roles, m.users));
    await bumpMenuVersion(trx);
  });
}

export async function updateGroup(db: Db, b: GroupInput, me: string): Promise<void> {
  await inChange(db, async (trx) => {
    if (!(await repo.findGroup(trx, b.groupCode))) throw notFound(`角色组不存在：${b.groupCode}`);
    const m = await checkMembers(trx, b);
    await repo.updateGroup(trx, b.groupCode, { group_name: b.groupName, remark: b.remark });
    await guardRoleChange(trx, me, m.users, () => repo.setGroupMembers(trx, b.groupCode, m.roles, m.users));
    await bumpMenuVersion(trx);
  });
}

/** Deleting a group takes its roles away from its users (in one transaction). */
export async function deleteGroup(db: Db, groupCode: string): Promise<string> {
  return inChange(db, async (trx) => {
    const g = await repo.findGroup(trx, groupCode);
    if (!g) throw notFound(`角色组不存在：${groupCode}`);
    await repo.deleteGroup(trx, groupCode);
    await bumpMenuVersion(trx);
    return g.group_name;
  });
}
