import type { Directory } from '@oa/shared/workflow/definition';
import type { Db } from '../../db/database';

/** The organisation as the pure workflow functions see it: users (with roles, direct and via groups) and departments. */
export async function loadDirectory(db: Db): Promise<Directory> {
  const [users, depts, direct, viaGroup] = await Promise.all([
    db.selectFrom('sys_user').select(['user_code', 'user_name', 'dept_code', 'status']).orderBy('sort_no').orderBy('user_code').execute(),
    db
      .selectFrom('org_dept')
      .select(['dept_code', 'dept_name', 'parent_code', 'leader_user_code'])
      .orderBy('sort_no')
      .orderBy('dept_code')
      .execute(),
    db.selectFrom('sys_user_role').select(['user_code', 'role_code']).execute(),
    db
      .selectFrom('sys_role_group_user as gu')
      .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
      .select(['gu.user_code', 'gr.role_code'])
      .execute(),
  ]);
  const roles = new Map<string, Set<string>>();
  for (const r of [...direct, ...viaGroup]) {
    if (!roles.has(r.user_code)) roles.set(r.user_code, new Set());
    roles.get(r.user_code)!.add(r.role_code);
  }
  const dir: Directory = { users: {}, depts: {} };
  for (const u of users) {
    dir.users[u.user_code] = {
      userCode: u.user_code,
      userName: u.user_name,
      deptCode: u.dept_code,
      active: u.status === 'Y',
      roleCodes: [...(roles.get(u.user_code) ?? [])].sort(),
    };
  }
  for (const d of depts)
    dir.depts[d.dept_code] = {
      deptCode: d.dept_code,
      deptName: d.dept_name,
      parentCode: d.parent_code,
      leaderUserCode: d.leader_user_code,
    };
  return dir;
}

export const loadRoleList = (db: Db) =>
  db.selectFrom('sys_role').select(['role_code as roleCode', 'role_name as roleName']).orderBy('sort_no').orderBy('role_code').execute();
