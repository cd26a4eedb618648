import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLE } from '@oa/shared/constants';
import type { Db } from '../../db/database';
import type { BusinessRecordTable } from '../../db/migrations/005-records';

/** Every SQL of the records engine (one code for SQLite and PostgreSQL). */

export type RecordRow = BusinessRecordTable;

export const newRecordId = (): string => `R${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

export async function findRecord(db: Db, module: string, id: string): Promise<RecordRow | undefined> {
  return db.selectFrom('business_record').selectAll().where('module', '=', module).where('id', '=', id).executeTakeFirst();
}

export async function insertRecord(db: Db, row: RecordRow): Promise<void> {
  await db.insertInto('business_record').values(row).execute();
}

/** Updates a record only while it is still in one of `fromStatuses`; false when it moved meanwhile. */
export async function updateRecord(db: Db, id: string, fromStatuses: readonly string[], patch: Partial<RecordRow>): Promise<boolean> {
  const res = await db.updateTable('business_record').set(patch).where('id', '=', id).where('status', 'in', [...fromStatuses]).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteRecord(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('business_record_log').where('record_id', '=', id).execute();
  const res = await db.deleteFrom('business_record').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * The next serial sequence of a module and year: the counter row is created or bumped by one atomic
 * upsert inside the caller's transaction, so concurrent submits wait on the row and a rolled-back
 * submit gives its number back (no gaps, no duplicates).
 */
export async function nextSerialSeq(trx: Db, module: string, year: number): Promise<number> {
  const row = await trx.insertInto('business_serial').values({ module, year, last_seq: 1 })
    .onConflict((oc) => oc.columns(['module', 'year']).doUpdateSet({ last_seq: sql<number>`business_serial.last_seq + 1` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function insertLog(db: Db, log: { record_id: string; module: string; action: string; actor: string; actor_name: string; from_status: string | null; to_status: string | null; comment: string | null; created_at: string }): Promise<void> {
  await db.insertInto('business_record_log').values(log).execute();
}

export async function listLogs(db: Db, recordId: string) {
  return db.selectFrom('business_record_log').selectAll().where('record_id', '=', recordId).orderBy('id').execute();
}

export async function findPerson(db: Db, userCode: string) {
  return db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.dept_code', 'd.dept_name']).where('u.user_code', '=', userCode).executeTakeFirst();
}

/** Departments a department leader (role 001) oversees: their own, the ones they lead, and everything below. */
export async function leaderDepts(db: Db, user: { userCode: string; deptCode: string | null }, roleCodes: readonly string[]): Promise<string[]> {
  if (!roleCodes.includes(ROLE.DEPT_LEADER)) return [];
  const all = await db.selectFrom('org_dept').select(['dept_code', 'parent_code', 'leader_user_code']).execute();
  const roots = new Set(all.filter((d) => d.leader_user_code === user.userCode).map((d) => d.dept_code));
  if (user.deptCode) roots.add(user.deptCode);
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const c = stack.pop()!;
    if (out.has(c)) continue;
    out.add(c);
    for (const d of all) if (d.parent_code === c) stack.push(d.dept_code);
  }
  return [...out];
}

export async function userNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('sys_user').select(['user_code', 'user_name']).where('user_code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.user_code, r.user_name]));
}

export async function deptNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('org_dept').select(['dept_code', 'dept_name']).where('dept_code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}

/** File ids that exist and are not deleted. */
export async function existingFiles(db: Db, ids: readonly string[]): Promise<Map<string, { owner: string; scope: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('sys_file').select(['id', 'owner', 'scope']).where('id', 'in', [...new Set(ids)]).where('deleted_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.id, { owner: r.owner, scope: r.scope }]));
}

/** Records whose form data mentions a stored file (its id is 31 hex-ish characters, safe inside LIKE). */
export async function recordsWithFile(db: Db, fileId: string, limit = 50): Promise<RecordRow[]> {
  if (!/^f[0-9a-f]{30}$/.test(fileId)) return [];
  return db.selectFrom('business_record').selectAll().where('data', 'like', `%${fileId}%`).limit(limit).execute();
}

export async function userOptions(db: Db, keyword: string | undefined) {
  let q = db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.dept_code', 'd.dept_name']).where('u.status', '=', 'Y');
  const k = keyword?.trim().toLowerCase().replace(/[%_\\]/g, '');
  if (k) {
    const like = `%${k}%`;
    q = q.where((eb) => eb.or([eb('u.user_code', 'like', like), eb('u.user_name', 'like', like), eb('u.pinyin', 'like', like), eb('u.pinyin_initials', 'like', like)]));
  }
  return q.orderBy('u.sort_no').orderBy('u.user_code').limit(2000).execute();
}

export async function deptOptions(db: Db) {
  return db.selectFrom('org_dept').select(['dept_code', 'dept_name', 'parent_code']).orderBy('sort_no').orderBy('dept_code').execute();
}
