import type { Db } from '../../db/database';
import type { PrintTemplateTable } from '../../db/schema/print';

/** The Word templates of the printed sheets: at most one row per module (a small table, read whole). */
export const allTemplates = (db: Db) => db.selectFrom('print_template').selectAll().execute();

export const findTemplate = (db: Db, moduleCode: string) =>
  db.selectFrom('print_template').selectAll().where('module_code', '=', moduleCode).executeTakeFirst();

/** Puts a module's template in place of the one it had (one row per module, the last upload wins). */
export async function saveTemplate(db: Db, row: PrintTemplateTable): Promise<void> {
  const { module_code: _code, ...rest } = row;
  await db
    .insertInto('print_template')
    .values(row)
    .onConflict((oc) => oc.column('module_code').doUpdateSet(rest))
    .execute();
}

/** Removes a module's template; false when it had none. */
export async function deleteTemplate(db: Db, moduleCode: string): Promise<boolean> {
  const r = await db.deleteFrom('print_template').where('module_code', '=', moduleCode).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
