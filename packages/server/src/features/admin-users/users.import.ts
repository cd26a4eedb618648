import type { ImportResult } from '@oa/shared/contract/admin';
import { userUpdateBody } from '@oa/shared/contract/admin';
import type { Db } from '../../db/database';
import type { UserTable } from '../../db/schema/system';
import { nowIso } from '../../lib/time';
import { inChange, type Trx } from '../../core/audit';
import { bizError } from '../../lib/errors';
import { hashStoredPassword } from '../../core/identity/password';
import { parsePlatforms, parseUserSheet } from './users.excel';
import { newUserRow } from './users.service';
import * as repo from './users.repository';
import type { FieldKeyring } from '../../lib/field-cipher';
import { mobileLookups } from '../../core/identity/account-mobile';

const FIELD_OF: Record<string, string> = {
  userCode: '登录账号',
  userName: '姓名',
  sex: '性别',
  mobile: '手机号码',
  tel: '办公电话',
  email: '电子邮箱',
  room: '办公室',
  position: '职务',
  deptCode: '部门编码',
  platforms: '平台权限',
};

/**
 * Imports users from the template sheet: every row is checked and refused rows are reported by
 * row number; all valid rows go in at once. A wrong header imports nothing.
 */
/** `audit` writes the audit row in the transaction that inserts the rows (not called when no row is valid). */
export async function importUsers(
  db: Db,
  keys: FieldKeyring,
  file: Buffer,
  wirePassword: string,
  audit?: (trx: Trx, counts: { imported: number; errors: number }) => Promise<void>,
): Promise<ImportResult> {
  const sheet = await parseUserSheet(file);
  if (!sheet.ok) throw bizError(sheet.message);
  const errors: ImportResult['errors'] = [];
  const depts = await repo.deptCodes(db);
  const codesInFile = sheet.rows.map((r) => r.cells[0]).filter(Boolean);
  const taken = await repo.userCodesTaken(db, codesInFile);
  const owners = await repo.mobileOwners(db, mobileLookups(keys, sheet.rows.map((r) => r.cells[3]).filter(Boolean)));
  const seenCodes = new Map<string, number>();
  const seenMobiles = new Map<string, number>();
  const at = nowIso();
  const hash = await hashStoredPassword(wirePassword);
  const users: UserTable[] = [];
  const platforms: Array<{ user_code: string; platform_code: string }> = [];

  for (const { row, cells } of sheet.rows) {
    const fail = (field: string | null, message: string) => errors.push({ row, field, message });
    const p = parsePlatforms(cells[9]);
    if (p.bad.length) {
      fail('平台权限', `平台权限不正确：${p.bad.join('、')}`);
      continue;
    }
    const parsed = userUpdateBody.safeParse({
      userCode: cells[0],
      userName: cells[1],
      sex: cells[2] || null,
      mobile: cells[3],
      tel: cells[4],
      email: cells[5],
      room: cells[6],
      position: cells[7],
      deptCode: cells[8],
      platforms: p.codes.length ? p.codes : ['1'],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(FIELD_OF[String(issue.path[0])] ?? null, issue.message);
      continue;
    }
    const u = parsed.data;
    if (taken.has(u.userCode)) {
      fail('登录账号', `登录账号「${u.userCode}」已存在`);
      continue;
    }
    if (seenCodes.has(u.userCode)) {
      fail('登录账号', `登录账号与第 ${seenCodes.get(u.userCode)} 行重复`);
      continue;
    }
    if (!depts.has(u.deptCode)) {
      fail('部门编码', `部门不存在：${u.deptCode}`);
      continue;
    }
    if (u.mobile && owners.has(u.mobile)) {
      fail('手机号码', `手机号码已被用户「${owners.get(u.mobile)}」使用`);
      continue;
    }
    if (u.mobile && seenMobiles.has(u.mobile)) {
      fail('手机号码', `手机号码与第 ${seenMobiles.get(u.mobile)} 行重复`);
      continue;
    }
    seenCodes.set(u.userCode, row);
    if (u.mobile) seenMobiles.set(u.mobile, row);
    users.push(newUserRow(keys, u, hash, at));
    platforms.push(...u.platforms.map((platform_code) => ({ user_code: u.userCode, platform_code })));
  }
  if (users.length) {
    await inChange(db, async (trx) => {
      await repo.insertUsers(trx, users);
      await repo.insertPlatforms(trx, platforms);
      await audit?.(trx, { imported: users.length, errors: errors.length });
    });
  }
  return { imported: users.length, errors };
}
