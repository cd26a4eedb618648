import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLE } from '@oa/shared/constants';
import type { Db } from '../../db/database';
import type { BusinessRecordTable } from '../../db/schema/records';
import { indexNewRecords, indexRecords, removeRecord } from '../../core/search/search-index';
import { containsPattern } from '../../db/like';
import { openRecordRows, sealRecordData, writeRecordHashes } from '../../db/sealed-records';
import type { FieldKeyring } from '../../lib/field-cipher';

/** The records engine's SQL of single records, logs and references (one code for SQLite and PostgreSQL); its lists' SQL is
 * records-page.repository.ts. */

export type RecordRow = BusinessRecordTable;

export const newRecordId = (): string => `R${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

/**
 * Rows are read with their sensitive form fields opened and written with them sealed (db/sealed-records.ts): `keys`
 * are the data keys (ctx.fieldKeys), and the `data` a caller passes or gets is plain JSON.
 */
export async function findRecord(db: Db, keys: FieldKeyring, module: string, id: string): Promise<RecordRow | undefined> {
  const row = await db.selectFrom('business_record').selectAll().where('module', '=', module).where('id', '=', id).executeTakeFirst();
  return row && openRecordRows(keys, [row])[0];
}

export async function insertRecord(db: Db, keys: FieldKeyring, row: RecordRow): Promise<void> {
  const sealed = sealRecordData(keys, row.module, row.data);
  const stored = { ...row, data: sealed.data };
  await db.insertInto('business_record').values(stored).execute();
  await writeRecordHashes(db, [{ id: row.id, module: row.module, hashes: sealed.hashes }]);
  await indexNewRecords(db, [stored]);
}

/** Updates a record only while it is still in one of `fromStatuses`; false when it moved meanwhile. */
export async function updateRecord(
  db: Db,
  keys: FieldKeyring,
  module: string,
  id: string,
  fromStatuses: readonly string[],
  patch: Partial<RecordRow>,
): Promise<boolean> {
  const sealed = patch.data === undefined ? null : sealRecordData(keys, module, patch.data);
  const res = await db
    .updateTable('business_record')
    .set(sealed ? { ...patch, data: sealed.data } : patch)
    .where('id', '=', id)
    .where('status', 'in', [...fromStatuses])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  if (sealed) await writeRecordHashes(db, [{ id, module, hashes: sealed.hashes }]);
  await indexRecords(db, [id]);
  return true;
}

export async function deleteRecord(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('business_record_log').where('record_id', '=', id).execute();
  const res = await db.deleteFrom('business_record').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  // the keyed hashes go with the row (only when it went: a record no longer a draft keeps its own)
  if (Number(res.numDeletedRows) === 1) await db.deleteFrom('business_record_hash').where('record_id', '=', id).execute();
  if (Number(res.numDeletedRows) === 1) await removeRecord(db, id);
  return Number(res.numDeletedRows) === 1;
}

/**
 * The next serial sequence of a module and year: the counter row is created or bumped by one atomic
 * upsert inside the caller's transaction, so concurrent submits wait on the row and a rolled-back
 * submit gives its number back (no gaps, no duplicates).
 */
export async function nextSerialSeq(trx: Db, module: string, year: number): Promise<number> {
  const row = await trx
    .insertInto('business_serial')
    .values({ module, year, last_seq: 1 })
    .onConflict((oc) => oc.columns(['module', 'year']).doUpdateSet({ last_seq: sql<number>`business_serial.last_seq + 1` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function insertLog(
  db: Db,
  log: {
    record_id: string;
    module: string;
    action: string;
    actor: string;
    actor_name: string;
    from_status: string | null;
    to_status: string | null;
    comment: string | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('business_record_log').values(log).execute();
}

export async function listLogs(db: Db, recordId: string) {
  return db.selectFrom('business_record_log').selectAll().where('record_id', '=', recordId).orderBy('id').execute();
}

export async function findPerson(db: Db, userCode: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.dept_code', 'd.dept_name'])
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();
}

/** Departments a department leader (role 001) oversees: their own, the ones they lead, and everything below. */
export async function leaderDepts(
  db: Db,
  user: { userCode: string; deptCode: string | null },
  roleCodes: readonly string[],
): Promise<string[]> {
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

export async function deptNames(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('org_dept')
    .select(['dept_code', 'dept_name'])
    .where('dept_code', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}

/** File ids that exist and are not deleted. */
export async function existingFiles(db: Db, ids: readonly string[]): Promise<Map<string, { owner: string; scope: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sys_file')
    .select(['id', 'owner', 'scope'])
    .where('id', 'in', [...new Set(ids)])
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, { owner: r.owner, scope: r.scope }]));
}

/** Records whose form data mentions a stored file (its id is 31 hex-ish characters). */
export async function recordsWithFile(db: Db, keys: FieldKeyring, fileId: string, limit = 50): Promise<RecordRow[]> {
  if (!/^f[0-9a-f]{30}$/.test(fileId)) return [];
  return openRecordRows(
    keys,
    await db.selectFrom('business_record').selectAll().where('data', 'like', containsPattern(fileId)).limit(limit).execute(),
  );
}

export async function deptOptions(db: Db) {
  return db.selectFrom('org_dept').select(['dept_code', 'dept_name', 'parent_code']).orderBy('sort_no').orderBy('dept_code').execute();
}

/** Sets the process instance of a record (in the submit's transaction). */
export async function setInstance(trx: Db, id: string, instanceId: string): Promise<void> {
  await trx.updateTable('business_record').set({ instance_id: instanceId }).where('id', '=', id).execute();
}

/** Replaces a record's form data and amount (an approver's edit), whatever its status. */
export async function replaceData(
  trx: Db,
  keys: FieldKeyring,
  module: string,
  id: string,
  data: string,
  amount: number | null,
  at: string,
): Promise<void> {
  const sealed = sealRecordData(keys, module, data);
  await trx.updateTable('business_record').set({ data: sealed.data, amount, updated_at: at }).where('id', '=', id).execute();
  await writeRecordHashes(trx, [{ id, module, hashes: sealed.hashes }]);
}
