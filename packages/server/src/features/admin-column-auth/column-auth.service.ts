import { inChange } from '../../core/audit';
import type { ColumnUser, InfoColumn } from '@oa/shared/contract/admin';
import type { Db } from '../../db/database';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './column-auth.repository';

/** Who may publish in which information column (/information/columnUserAuth). */
export async function listColumns(db: Db): Promise<InfoColumn[]> {
  return (await repo.listColumns(db)).map((c) => ({
    columnCode: c.column_code,
    columnName: c.column_name,
    sortNo: c.sort_no,
    userCount: c.user_count,
  }));
}

async function columnOf(db: Db, columnCode: string) {
  const c = await repo.findColumn(db, columnCode);
  if (!c) throw notFound(`栏目不存在：${columnCode}`);
  return c;
}

export async function columnUsers(db: Db, columnCode: string): Promise<ColumnUser[]> {
  await columnOf(db, columnCode);
  return (await repo.columnUsers(db, columnCode)).map((u) => ({
    userCode: u.user_code,
    userName: u.user_name,
    deptName: u.dept_name ?? null,
    grantedAt: u.granted_at,
  }));
}

export async function grant(db: Db, columnCode: string, userCodes: string[]): Promise<void> {
  await inChange(db, async (trx) => {
    await columnOf(trx, columnCode);
    const codes = [...new Set(userCodes)];
    const known = await repo.existingUsers(trx, codes);
    const missing = codes.filter((c) => !known.has(c));
    if (missing.length) throw bizError(`用户不存在：${missing.slice(0, 5).join('、')}`);
    await repo.grant(trx, columnCode, codes, nowIso());
  });
}

export async function revoke(db: Db, columnCode: string, userCodes: string[]): Promise<number> {
  await columnOf(db, columnCode);
  return repo.revoke(db, columnCode, userCodes);
}

export async function myColumns(db: Db, userCode: string) {
  return (await repo.columnsOfUser(db, userCode)).map((c) => ({ columnCode: c.column_code, columnName: c.column_name }));
}
