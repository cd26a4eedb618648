import { PERSON_COLUMNS } from '../../core/identity/identity.repository';
import type { Db } from '../../db/database';

/** All SQL of the address book: the directory's members and departments, its version, one member by code. */
export interface MemberRow {
  user_code: string;
  user_name: string;
  sex: string | null;
  icon: string | null;
  position: string | null;
  mobile: string | null;
  tel: string | null;
  email: string | null;
  room: string | null;
  personal_sign: string | null;
  dept_code: string | null;
  dept_name: string | null;
}

/** Every active member of a platform in address-book order, with the pinyin a keyword is matched against. */
export async function directoryMembers(
  db: Db,
  platformCode: string,
): Promise<Array<MemberRow & { pinyin: string | null; pinyin_initials: string | null }>> {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select([...PERSON_COLUMNS, 'u.pinyin', 'u.pinyin_initials'])
    .where('u.status', '=', 'Y')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sys_user_platform as p')
          .select('p.user_code')
          .whereRef('p.user_code', '=', 'u.user_code')
          .where('p.platform_code', '=', platformCode),
      ),
    )
    .orderBy('u.sort_no')
    .orderBy('u.user_code')
    .execute();
}

/** One active user (of any platform), by code. */
export async function findMember(db: Db, userCode: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(PERSON_COLUMNS)
    .where('u.user_code', '=', userCode)
    .where('u.status', '=', 'Y')
    .executeTakeFirst();
}

export interface DeptRow {
  dept_code: string;
  dept_name: string;
  parent_code: string | null;
  sort_no: number;
}

export async function listDepts(db: Db): Promise<DeptRow[]> {
  return db
    .selectFrom('org_dept')
    .select(['dept_code', 'dept_name', 'parent_code', 'sort_no'])
    .orderBy('sort_no')
    .orderBy('dept_code')
    .execute();
}

/** The directory's version (migration 082): bumped by every write the address book shows. */
export async function directoryVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('sys_directory_version').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
