import type { Db } from '../../db/database';
import type { UserTable } from '../../db/schema/system';
import { indexPerson } from '../../core/search/search-index';
import { containsPattern } from '../../db/like';
import type { MobileLookups } from '../../core/identity/account-mobile';
import { matchedMobile, mobileIn } from '../../core/identity/account-mobile.repository';

/** All SQL of user administration. */
export interface UserFilter {
  keyword?: string;
  deptCodes?: string[];
  status?: 'Y' | 'N';
}

function filtered(db: Db, f: UserFilter) {
  let q = db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code');
  if (f.status) q = q.where('u.status', '=', f.status);
  if (f.deptCodes) q = f.deptCodes.length ? q.where('u.dept_code', 'in', f.deptCodes) : q.where('u.user_code', '=', '\u0000');
  const k = f.keyword?.trim().toLowerCase();
  if (k) {
    const like = containsPattern(k);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.user_code']), 'like', like),
        eb('u.user_name', 'like', like),
        eb('u.pinyin', 'like', like),
        eb('u.pinyin_initials', 'like', like),
        eb('u.mobile', 'like', like),
        eb('u.position', 'like', like),
      ]),
    );
  }
  return q;
}

export async function countUsers(db: Db, f: UserFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listUsers(db: Db, f: UserFilter, page?: { offset: number; limit: number }) {
  let q = filtered(db, f).selectAll('u').select('d.dept_name').orderBy('u.sort_no').orderBy('u.user_code');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}

export async function findUser(db: Db, userCode: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .selectAll('u')
    .select('d.dept_name')
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();
}

export async function rolesAndPlatforms(db: Db, userCodes: string[]) {
  if (userCodes.length === 0)
    return { roles: new Map<string, Array<{ roleCode: string; roleName: string }>>(), platforms: new Map<string, string[]>() };
  const roleRows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.role_code', 'ur.role_code')
    .select(['ur.user_code', 'r.role_code', 'r.role_name'])
    .where('ur.user_code', 'in', userCodes)
    .orderBy('r.sort_no')
    .execute();
  const platRows = await db
    .selectFrom('sys_user_platform')
    .selectAll()
    .where('user_code', 'in', userCodes)
    .orderBy('platform_code')
    .execute();
  const roles = new Map<string, Array<{ roleCode: string; roleName: string }>>();
  for (const r of roleRows) roles.set(r.user_code, [...(roles.get(r.user_code) ?? []), { roleCode: r.role_code, roleName: r.role_name }]);
  const platforms = new Map<string, string[]>();
  for (const p of platRows) platforms.set(p.user_code, [...(platforms.get(p.user_code) ?? []), p.platform_code]);
  return { roles, platforms };
}

export async function userCodesTaken(db: Db, userCodes: readonly string[]): Promise<Set<string>> {
  if (userCodes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where('user_code', 'in', [...userCodes])
    .execute();
  return new Set(rows.map((r) => r.user_code));
}

/** Mobile number → owner, for the given numbers (`mobileLookups`: a sealed one matches by its keyed hash). */
export async function mobileOwners(db: Db, m: MobileLookups): Promise<Map<string, string>> {
  if (m.mobiles.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_user')
    .select(['user_code', 'mobile', 'mobile_hash'])
    .where((eb) => mobileIn(eb, m))
    .execute();
  return new Map(rows.map((r) => [matchedMobile(r, m.hashes)!, r.user_code]));
}

export async function deptCodes(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('org_dept').select('dept_code').execute()).map((d) => d.dept_code));
}

export async function insertUsers(db: Db, rows: UserTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('sys_user')
      .values(rows.slice(i, i + 200))
      .execute();
  for (const r of rows) await indexPerson(db, r.user_code);
}

export async function updateUser(db: Db, userCode: string, v: Partial<Omit<UserTable, 'user_code'>>): Promise<void> {
  await db.updateTable('sys_user').set(v).where('user_code', '=', userCode).execute();
  await indexPerson(db, userCode);
}

export async function setPlatforms(db: Db, userCode: string, platforms: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_user_platform').where('user_code', '=', userCode).execute();
  if (platforms.length)
    await db
      .insertInto('sys_user_platform')
      .values([...new Set(platforms)].map((platform_code) => ({ user_code: userCode, platform_code })))
      .execute();
}

export async function insertPlatforms(db: Db, rows: Array<{ user_code: string; platform_code: string }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sys_user_platform')
      .values(rows.slice(i, i + 500))
      .execute();
}
