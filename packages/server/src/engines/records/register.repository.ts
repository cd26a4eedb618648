import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/database';
import type { RecordRow } from './records.repository';
import { indexNewRecords, indexRecords, removeRecord } from '../../core/search/search-index';
import { nextTurn } from '../../lib/next-turn';
import type { FieldKeyring } from '../../lib/field-cipher';
import { openRecordRows, sealedFieldsOf, sealRecordData, writeRecordHashes } from '../../db/sealed-records';

/** The SQL of registers beyond the records engine's own (batch inserts, serial blocks, lookups by field). */

const BATCH = 100;

/** A field of the `data` JSON column as text (field names come from declarations, passed as parameters). */
export function dataText(d: Dialect, name: string): RawBuilder<string | null> {
  return d === 'sqlite' ? sql<string | null>`json_extract(data, ${`$.${name}`})` : sql<string | null>`(data::jsonb ->> ${name}::text)`;
}

/** Inserts rows (and their log lines) in batches, inside the caller's transaction. */
/** Inserts rows (plain data; sensitive fields sealed here, db/sealed-records.ts) and their log lines. */
export async function insertRows(
  trx: Db,
  keys: FieldKeyring,
  rows: RecordRow[],
  action: string,
  actor: { userCode: string; userName: string },
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // SQLite's driver is synchronous: without a turn between batches, 10,000 rows hold the event loop for seconds
    // (other requests' queries wait for the transaction either way; /health and the rest do not)
    if (i > 0) await nextTurn();
    const chunk = rows.slice(i, i + BATCH);
    const sealed = chunk.map((r) => sealRecordData(keys, r.module, r.data));
    const stored = chunk.map((r, k) => ({ ...r, data: sealed[k].data }));
    await trx.insertInto('business_record').values(stored).execute();
    await writeRecordHashes(
      trx,
      chunk.map((r, k) => ({ id: r.id, module: r.module, hashes: sealed[k].hashes })),
    );
    await indexNewRecords(trx, stored);
    await trx
      .insertInto('business_record_log')
      .values(
        chunk.map((r) => ({
          record_id: r.id,
          module: r.module,
          action,
          actor: actor.userCode,
          actor_name: actor.userName,
          from_status: null,
          to_status: r.status,
          comment: null,
          created_at: r.created_at,
        })),
      )
      .execute();
  }
}

/** Reserves `n` consecutive serial numbers of a module and year; returns the first. */
export async function reserveSerials(trx: Db, module: string, year: number, n: number): Promise<number> {
  const row = await trx
    .insertInto('business_serial')
    .values({ module, year, last_seq: n })
    .onConflict((oc) => oc.columns(['module', 'year']).doUpdateSet({ last_seq: sql<number>`business_serial.last_seq + ${n}` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq) - n + 1;
}

export async function updateData(
  db: Db,
  keys: FieldKeyring,
  module: string,
  id: string,
  patch: Pick<RecordRow, 'title' | 'amount' | 'data' | 'updated_at'>,
): Promise<boolean> {
  const sealed = sealRecordData(keys, module, patch.data);
  const res = await db
    .updateTable('business_record')
    .set({ ...patch, data: sealed.data })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) {
    await writeRecordHashes(db, [{ id, module, hashes: sealed.hashes }]);
    await indexRecords(db, [id]);
  }
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteRow(db: Db, module: string, id: string): Promise<boolean> {
  await db.deleteFrom('business_record_log').where('record_id', '=', id).execute();
  const res = await db.deleteFrom('business_record').where('module', '=', module).where('id', '=', id).executeTakeFirst();
  // the keyed hashes go with the row (only when it went: a record no longer a draft keeps its own)
  if (Number(res.numDeletedRows) === 1) await db.deleteFrom('business_record_hash').where('record_id', '=', id).execute();
  if (Number(res.numDeletedRows) === 1) await removeRecord(db, id);
  return Number(res.numDeletedRows) === 1;
}

/**
 * id and the given fields of every row of a module (unique checks, references). A sealed field (ID or bank card
 * number) gives its keyed hash, never its value: compare it with `uniqueKeysOf` (register.unique.ts).
 */
export async function fieldValues(
  db: Db,
  d: Dialect,
  module: string,
  fields: readonly string[],
): Promise<Array<{ id: string; values: Array<string | null> }>> {
  if (fields.length === 0) return [];
  let q = db.selectFrom('business_record').select('id').where('module', '=', module);
  const sealed = new Set(sealedFieldsOf(module).map(([n]) => n));
  fields.forEach((f, i) => {
    q = sealed.has(f)
      ? q.select((eb) =>
          eb
            .selectFrom('business_record_hash as h')
            .select('h.hash')
            .whereRef('h.record_id', '=', 'business_record.id')
            .where('h.field', '=', f)
            .as(`f${i}`),
        )
      : q.select(dataText(d, f).as(`f${i}`));
  });
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: String(r.id),
    values: fields.map((_, i) => (r[`f${i}`] === null || r[`f${i}`] === undefined ? null : String(r[`f${i}`]))),
  }));
}

/** Rows of a module with the given status (other modules' records read through the engine, e.g. approved leave). */
export async function rowsOf(
  db: Db,
  keys: FieldKeyring,
  module: string,
  opts: { status?: string; applicants?: readonly string[] } = {},
): Promise<RecordRow[]> {
  let q = db.selectFrom('business_record').selectAll().where('module', '=', module);
  if (opts.status) q = q.where('status', '=', opts.status);
  if (opts.applicants) {
    if (opts.applicants.length === 0) return [];
    q = q.where('applicant', 'in', [...opts.applicants]);
  }
  return openRecordRows(keys, await q.execute());
}

export async function activeUsers(db: Db, dept?: string) {
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.dept_code', 'd.dept_name'])
    .where('u.status', '=', 'Y');
  if (dept) q = q.where('u.dept_code', '=', dept);
  return q.orderBy('u.sort_no').orderBy('u.user_code').execute();
}

export async function allUsersAndDepts(db: Db) {
  const [users, depts] = await Promise.all([
    db.selectFrom('sys_user').select(['user_code', 'user_name']).execute(),
    db.selectFrom('org_dept').select(['dept_code', 'dept_name']).execute(),
  ]);
  return { users, depts };
}
