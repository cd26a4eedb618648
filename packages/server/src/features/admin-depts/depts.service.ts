import type { z } from 'zod';
import type { AdminDept, deptCreateBody } from '@oa/shared/contract/admin';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './depts.repository';
import { inChange } from '../../core/audit';

type DeptInput = z.output<typeof deptCreateBody>;

export async function listDepts(db: Db): Promise<AdminDept[]> {
  return (await repo.listDepts(db)).map((d) => ({
    deptCode: d.dept_code,
    deptName: d.dept_name,
    parentCode: d.parent_code,
    sortNo: d.sort_no,
    leaderUserCode: d.leader_user_code,
    leaderName: d.leader_name ?? null,
    userCount: d.user_count,
  }));
}

async function checkRefs(db: Db, b: DeptInput): Promise<void> {
  if (b.leaderUserCode && !(await repo.userExists(db, b.leaderUserCode))) throw bizError(`部门负责人不存在：${b.leaderUserCode}`);
  if (!b.parentCode) return;
  if (b.parentCode === b.deptCode) throw bizError('上级部门不能是它自己');
  const links = await repo.allDeptLinks(db);
  const parentOf = new Map(links.map((l) => [l.dept_code, l.parent_code]));
  if (!parentOf.has(b.parentCode)) throw bizError(`上级部门不存在：${b.parentCode}`);
  const seen = new Set<string>();
  for (let cur: string | null = b.parentCode; cur && !seen.has(cur); cur = parentOf.get(cur) ?? null) {
    if (cur === b.deptCode) throw bizError('不能把部门移动到它自己的下级部门之下');
    seen.add(cur);
  }
}

export async function createDept(db: Db, b: DeptInput): Promise<void> {
  await inChange(db, async (trx) => {
    if (await repo.findDept(trx, b.deptCode)) throw bizError(`部门编码「${b.deptCode}」已存在`);
    await checkRefs(trx, b);
    await repo.insertDept(trx, {
      dept_code: b.deptCode,
      dept_name: b.deptName,
      parent_code: b.parentCode,
      sort_no: b.sortNo,
      leader_user_code: b.leaderUserCode,
      created_at: nowIso(),
    });
  });
}

/** Returns the department as it was (for the audit). */
export async function updateDept(db: Db, b: DeptInput) {
  return inChange(db, async (trx) => {
    const before = await repo.findDept(trx, b.deptCode);
    if (!before) throw notFound(`部门不存在：${b.deptCode}`);
    await checkRefs(trx, b);
    await repo.updateDept(trx, b.deptCode, {
      dept_name: b.deptName,
      parent_code: b.parentCode,
      sort_no: b.sortNo,
      leader_user_code: b.leaderUserCode,
    });
    return before;
  });
}

/** Refused while the department has users or sub-departments. */
/** Returns the deleted department (for the audit). */
export async function deleteDept(db: Db, deptCode: string) {
  return inChange(db, async (trx) => {
    const d = await repo.findDept(trx, deptCode);
    if (!d) throw notFound(`部门不存在：${deptCode}`);
    const use = await repo.deptUsage(trx, deptCode);
    if (use.children > 0) throw bizError(`部门「${d.dept_name}」下还有 ${use.children} 个下级部门，请先删除或移走下级部门`);
    if (use.users > 0) throw bizError(`部门「${d.dept_name}」下还有 ${use.users} 名用户，请先将用户调整到其他部门`);
    await repo.deleteDept(trx, deptCode);
    return d;
  });
}

/** Moves users to another department; returns who moved from where (for the audit). */
export async function moveUsers(db: Db, userCodes: string[], deptCode: string) {
  return inChange(db, async (trx) => {
    if (!(await repo.findDept(trx, deptCode))) throw bizError(`目标部门不存在：${deptCode}`);
    const codes = [...new Set(userCodes)];
    const found = await repo.existingUsers(trx, codes);
    if (found.length !== codes.length) {
      const known = new Set(found.map((u) => u.user_code));
      throw bizError(
        `用户不存在：${codes
          .filter((c) => !known.has(c))
          .slice(0, 5)
          .join('、')}`,
      );
    }
    await repo.moveUsers(trx, codes, deptCode, nowIso());
    return found.map((u) => ({ userCode: u.user_code, from: u.dept_code }));
  });
}
