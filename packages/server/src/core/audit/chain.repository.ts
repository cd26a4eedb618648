import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditTable } from '../../db/schema/system';
import { linkHash } from '../../lib/audit-link';

export type AuditRow = Selectable<AuditTable>;
export type NewAuditRow = Omit<Insertable<AuditTable>, 'id' | 'seq' | 'hash'>;

/**
 * Appends one row to the chain, inside the caller's transaction when there is one (the row then commits or rolls
 * back with the change), else in a transaction of its own. Moving the head first (`seq = seq + 1 … RETURNING`) locks
 * it on both dialects until the commit: links are written one at a time, in commit order, without gaps.
 */
export async function appendAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  const link = async (trx: Db) => {
    const head = await trx
      .updateTable('sys_audit_head')
      .set((eb) => ({ seq: eb('seq', '+', 1) }))
      .where('id', '=', 1)
      .returning(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const seq = Number(head.seq);
    const full = {
      ...row,
      user_code: row.user_code ?? null,
      ip: row.ip ?? null,
      target: row.target ?? null,
      detail: row.detail ?? null,
      before_json: row.before_json ?? null,
      after_json: row.after_json ?? null,
    };
    const hash = linkHash(head.hash, { ...full, seq });
    await trx
      .insertInto('sys_audit')
      .values({ ...full, seq, hash })
      .execute();
    await trx.updateTable('sys_audit_head').set({ hash }).where('id', '=', 1).execute();
  };
  await (db.isTransaction ? link(db) : db.transaction().execute(link));
}

export const chainHead = (db: Db) => db.selectFrom('sys_audit_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow();

/** Rows of the live table in chain order from a position on, a batch at a time. */
export const chainBatch = (db: Db, afterSeq: number, limit: number) =>
  db.selectFrom('sys_audit').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();

/** Rows no link covers (written around the chain, straight into the table). */
export const unchainedRow = (db: Db) =>
  db.selectFrom('sys_audit').select(['id', 'at', 'action']).where('seq', 'is', null).orderBy('id').limit(1).executeTakeFirst();

export const lastArchive = (db: Db) =>
  db.selectFrom('sys_audit_archive').selectAll().orderBy('upto_seq', 'desc').limit(1).executeTakeFirst();

export const anchorsFrom = (db: Db, fromSeq: number) =>
  db.selectFrom('sys_audit_anchor').selectAll().where('seq', '>=', fromSeq).orderBy('seq').execute();

export const insertAnchor = (db: Db, a: { seq: number; hash: string; key_id: string; mac: string; at: string }) =>
  db.insertInto('sys_audit_anchor').values(a).execute();

export const lastAnchor = (db: Db) => db.selectFrom('sys_audit_anchor').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();

export const insertVerification = (
  db: Db,
  v: {
    at: string;
    user_code: string | null;
    intact: number;
    checked: number;
    head_seq: number;
    broken_seq: number | null;
    broken_audit_id: number | null;
    message: string;
  },
) => db.insertInto('sys_audit_verify').values(v).execute();

export const lastVerification = (db: Db) => db.selectFrom('sys_audit_verify').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export const chainLength = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('sys_audit')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertArchive = (
  db: Db,
  a: {
    from_seq: number;
    upto_seq: number;
    prev_hash: string;
    last_hash: string;
    row_count: number;
    file_name: string;
    file_sm3: string;
    at: string;
  },
) => db.insertInto('sys_audit_archive').values(a).execute();

/** Retention's only way out of the live table: the triggers allow it for rows up to the last archived link. */
export const deleteArchived = (db: Db, fromSeq: number, uptoSeq: number) =>
  db.deleteFrom('sys_audit').where('seq', '>=', fromSeq).where('seq', '<=', uptoSeq).execute();

export const archives = (db: Db) => db.selectFrom('sys_audit_archive').selectAll().orderBy('upto_seq', 'desc').execute();

/** What the 等保 self-check shows of the chain: its head, the last verification and checkpoint, the archives. */
export async function auditChainEvidence(db: Db) {
  const [head, verified, anchor, archived] = await Promise.all([chainHead(db), lastVerification(db), lastAnchor(db), archives(db)]);
  return {
    headSeq: Number(head.seq),
    verified: verified ? { at: verified.at, intact: !!verified.intact, message: verified.message } : null,
    anchoredAt: anchor?.at ?? null,
    archives: archived.length,
    archivedRows: archived.reduce((n, a) => n + Number(a.row_count), 0),
  };
}
