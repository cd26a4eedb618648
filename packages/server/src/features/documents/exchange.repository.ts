import type { Db } from '../../db/database';
import type { DocExchangeTable } from '../../db/schema/exchange';

/** Exchange with member units (issue 37): the unit register, the contacts, one row per dispatch sent to a unit. */
export type ExchangeRowDb = DocExchangeTable;

/** The enabled member units (a disabled one is offered to no sender). */
export const listUnits = (db: Db) =>
  db.selectFrom('doc_member_unit').selectAll().where('enabled', '=', 'Y').orderBy('sort_no').orderBy('code').execute();

export const unitsByIds = (db: Db, ids: readonly string[]) =>
  ids.length
    ? db
        .selectFrom('doc_member_unit')
        .selectAll()
        .where('id', 'in', [...ids])
        .where('enabled', '=', 'Y')
        .execute()
    : Promise.resolve([]);

/** The contacts of units, with their names and active state. */
export const contactsOf = (db: Db, unitIds: readonly string[]) =>
  unitIds.length
    ? db
        .selectFrom('doc_unit_contact as c')
        .innerJoin('sys_user as u', 'u.user_code', 'c.user_code')
        .select(['c.unit_id', 'c.user_code', 'u.user_name', 'u.status'])
        .where('c.unit_id', 'in', [...unitIds])
        .orderBy('c.user_code')
        .execute()
    : Promise.resolve([]);

/** The unit a contact speaks for, or undefined when the account is no unit's contact. */
export const unitOfContact = (db: Db, userCode: string) =>
  db
    .selectFrom('doc_unit_contact as c')
    .innerJoin('doc_member_unit as m', 'm.id', 'c.unit_id')
    .select(['m.id', 'm.name'])
    .where('c.user_code', '=', userCode)
    .executeTakeFirst();

export const exchangesOfDoc = (db: Db, docId: string) =>
  db
    .selectFrom('doc_exchange as x')
    .innerJoin('doc_member_unit as m', 'm.id', 'x.unit_id')
    .selectAll('x')
    .select(['m.name as unit_name', 'm.sort_no'])
    .where('x.doc_id', '=', docId)
    .orderBy('m.sort_no')
    .orderBy('m.code')
    .execute();

export const findExchange = (db: Db, id: string) => db.selectFrom('doc_exchange').selectAll().where('id', '=', id).executeTakeFirst();

/** A unit's documents, newest first: the index (unit_id, sent_at, id). */
export async function exchangesOfUnit(db: Db, unitId: string, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('doc_exchange as x')
      .innerJoin('doc_document as d', 'd.id', 'x.doc_id')
      .selectAll('x')
      .select(['d.title', 'd.doc_no'])
      .where('x.unit_id', '=', unitId)
      .orderBy('x.sent_at', 'desc')
      .orderBy('x.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('doc_exchange')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('unit_id', '=', unitId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const insertExchanges = (db: Db, rows: ExchangeRowDb[]) =>
  rows.length
    ? db
        .insertInto('doc_exchange')
        .values(rows)
        .onConflict((oc) => oc.columns(['doc_id', 'unit_id']).doNothing())
        .execute()
    : null;

/** The first reading of a unit's copy (later readings keep the first). */
export const markExchangeRead = (db: Db, id: string, userCode: string, at: string) =>
  db.updateTable('doc_exchange').set({ read_at: at, read_by: userCode }).where('id', '=', id).where('read_at', 'is', null).execute();

/** 签收: true for the one call that signed; a unit signs once, whoever of its contacts comes second is refused. */
export async function signExchange(
  db: Db,
  id: string,
  s: { userCode: string; at: string; replyText: string | null; replyFileId: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable('doc_exchange')
    .set({
      signed_at: s.at,
      signed_by: s.userCode,
      reply_text: s.replyText,
      reply_file_id: s.replyFileId,
      read_at: (eb) => eb.fn.coalesce('read_at', eb.val(s.at)),
      read_by: (eb) => eb.fn.coalesce('read_by', eb.val(s.userCode)),
    })
    .where('id', '=', id)
    .where('signed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const markUrged = (db: Db, ids: readonly string[], at: string) =>
  ids.length
    ? db
        .updateTable('doc_exchange')
        .set((eb) => ({ urge_count: eb('urge_count', '+', 1), last_urged_at: at }))
        .where('id', 'in', [...ids])
        .where('signed_at', 'is', null)
        .execute()
    : null;

/** The exchange rows that name a file as their reply attachment (the reply's readers are the dispatch's). */
export const exchangesWithReplyFile = (db: Db, fileId: string) =>
  db.selectFrom('doc_exchange').select(['doc_id', 'unit_id']).where('reply_file_id', '=', fileId).execute();
