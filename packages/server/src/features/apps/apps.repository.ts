import type { Db } from '../../db/database';
import type { AppPublishTable } from '../../db/schema/files';

/** SQL of app publishing. */
type Row = Omit<AppPublishTable, 'id'> & { id: number };
export type AppRow = Row & { file_name: string | null };

const base = (db: Db) =>
  db.selectFrom('app_publish as a').leftJoin('sys_file as f', 'f.id', 'a.file_id').selectAll('a').select('f.original_name as file_name');

export async function list(
  db: Db,
  q: { isPublish?: 'Y' | 'N'; offset: number; limit: number },
): Promise<{ rows: AppRow[]; total: number }> {
  let count = db.selectFrom('app_publish').select((eb) => eb.fn.countAll<number>().as('n'));
  let rows = base(db);
  if (q.isPublish) {
    count = count.where('is_publish', '=', q.isPublish);
    rows = rows.where('a.is_publish', '=', q.isPublish);
  }
  const [t, r] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows.orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { rows: r as AppRow[], total: Number(t.n) };
}

export async function get(db: Db, id: number): Promise<AppRow | undefined> {
  return (await base(db).where('a.id', '=', id).executeTakeFirst()) as AppRow | undefined;
}

export async function insert(db: Db, v: Omit<Row, 'id'>): Promise<number> {
  const row = await db.insertInto('app_publish').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function update(db: Db, id: number, v: Partial<Omit<Row, 'id' | 'created_by' | 'created_at'>>): Promise<boolean> {
  const res = await db.updateTable('app_publish').set(v).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function remove(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('app_publish').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function packageFile(db: Db, id: string) {
  return db.selectFrom('sys_file').select(['id', 'ext', 'kind']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
