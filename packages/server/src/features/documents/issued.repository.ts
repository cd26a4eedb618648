import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { DocIssuedTable } from '../../db/schema/doc-issued';

/** SQL of issued documents (doc_issued, migration 124): written at 印制, read by the public verification page. */
export const insertIssued = (db: Db, row: Insertable<DocIssuedTable>) => db.insertInto('doc_issued').values(row).execute();

export const findIssued = (db: Db, id: string) => db.selectFrom('doc_issued').selectAll().where('id', '=', id).executeTakeFirst();
