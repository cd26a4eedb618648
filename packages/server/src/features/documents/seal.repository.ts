import type { Db } from '../../db/database';
import type { SealTable, SealUseTable } from '../../db/schema/seals';

/** 印章管理 (migration 122): the seals (a small table, read whole) and their use log. */
const SEAL_COLUMNS = [
  'id',
  'name',
  'kind',
  'dept_code',
  'width',
  'height',
  'bytes',
  'keepers',
  'requester_roles',
  'requester_depts',
  'enabled',
  'updated_at',
] as const;
export type SealRow = Pick<SealTable, (typeof SEAL_COLUMNS)[number]>;

export const allSeals = (db: Db): Promise<SealRow[]> =>
  db.selectFrom('oa_seal').select(SEAL_COLUMNS).orderBy('kind', 'desc').orderBy('name').execute();

export const findSeal = (db: Db, id: string): Promise<SealRow | undefined> =>
  db.selectFrom('oa_seal').select(SEAL_COLUMNS).where('id', '=', id).executeTakeFirst();

export const sealNamed = (db: Db, name: string) => db.selectFrom('oa_seal').select('id').where('name', '=', name).executeTakeFirst();

export async function sealImage(db: Db, id: string): Promise<Buffer | null> {
  const row = await db.selectFrom('oa_seal').select('image_png').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.image_png, 'base64') : null;
}

export const insertSeal = (db: Db, row: SealTable) => db.insertInto('oa_seal').values(row).execute();

export const updateSeal = (db: Db, id: string, set: Partial<Omit<SealTable, 'id'>>) =>
  db.updateTable('oa_seal').set(set).where('id', '=', id).execute();

export const insertSealUse = (db: Db, row: SealUseTable) => db.insertInto('oa_seal_use').values(row).execute();

/** The use log, newest first (index seal_id, used_at), one page. */
export function sealUses(db: Db, sealId: string | undefined, page: { offset: number; limit: number }): Promise<SealUseTable[]> {
  let q = db.selectFrom('oa_seal_use').selectAll();
  if (sealId) q = q.where('seal_id', '=', sealId);
  return q.orderBy('used_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
}

export async function countSealUses(db: Db, sealId: string | undefined, cap: number): Promise<number> {
  let q = db.selectFrom('oa_seal_use').select('id');
  if (sealId) q = q.where('seal_id', '=', sealId);
  const rows = await db
    .selectFrom(q.limit(cap).as('u'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

/** The seal a dispatch was stamped with at 印制 (its last use on the document). */
export const docSealUse = (db: Db, docId: string) =>
  db
    .selectFrom('oa_seal_use')
    .select(['seal_id', 'used_at'])
    .where('doc_id', '=', docId)
    .orderBy('used_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Whether an application was already used (one 用印 application, one use). */
export const recordUsed = async (db: Db, recordId: string) =>
  !!(await db.selectFrom('oa_seal_use').select('id').where('record_id', '=', recordId).limit(1).executeTakeFirst());

/** The approved 用印 applications of an applicant (their serial, title, form data), newest first. */
export const approvedStampApplications = (db: Db, applicant: string) =>
  db
    .selectFrom('business_record')
    .select(['id', 'serial_no', 'title', 'data', 'applicant', 'dept'])
    .where('module', '=', 'oa_stamp')
    .where('applicant', '=', applicant)
    .where('status', '=', 'approved')
    .orderBy('finished_at', 'desc')
    .limit(50)
    .execute();

export const findStampApplication = (db: Db, id: string) =>
  db
    .selectFrom('business_record')
    .select(['id', 'serial_no', 'title', 'data', 'applicant', 'dept', 'status'])
    .where('id', '=', id)
    .where('module', '=', 'oa_stamp')
    .executeTakeFirst();

export const serialNos = async (db: Db, ids: string[]): Promise<Map<string, string | null>> => {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('business_record').select(['id', 'serial_no']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.serial_no]));
};

/** Every role (code and name) in the roles' own order: what 可申请角色 may name. */
export const allRoles = async (db: Db): Promise<Array<{ code: string; name: string }>> =>
  db.selectFrom('sys_role').select(['role_code as code', 'role_name as name']).orderBy('sort_no').orderBy('role_code').execute();

export const roleNames = async (db: Db): Promise<Map<string, string>> => new Map((await allRoles(db)).map((r) => [r.code, r.name]));

/** A user's department and roles (direct ones), to check they may ask for a seal. */
export async function userRolesAndDept(db: Db, userCode: string): Promise<{ dept: string | null; roles: string[] }> {
  const u = await db.selectFrom('sys_user').select('dept_code').where('user_code', '=', userCode).executeTakeFirst();
  const roles = await db.selectFrom('sys_user_role').select('role_code').where('user_code', '=', userCode).execute();
  return { dept: u?.dept_code ?? null, roles: roles.map((r) => r.role_code) };
}
