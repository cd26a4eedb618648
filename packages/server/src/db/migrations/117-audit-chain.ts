import { sql, type Kysely } from 'kysely';
import { ROLE_AUDITADMIN } from '@oa/shared/access/three-admins';
import type { Dialect } from '../database';
import { GENESIS_HASH, linkHash, type ChainedFields } from '../../lib/audit-link';
import { addMissingFunctions, withId, type OaMigration } from './migration-kit';

/**
 * An audit no one can rewrite (issue 36):
 * - every sys_audit row gets `seq` (1, 2, 3 … without gaps) and `hash`, the SM3 link over the previous row's hash and
 *   its own fields (lib/audit-link.ts), plus `before_json` / `after_json`; the rows already there are chained
 *   here in id order;
 * - sys_audit_head: the chain's last link, one row locked by every audit insert until its transaction commits;
 * - sys_audit_anchor: checkpoints sealed with HMAC-SM3 under a data key (the key stays outside the database);
 * - sys_audit_verify: each verification's outcome; sys_audit_archive: what retention moved out to signed files;
 * - the triggers: UPDATE still refused; DELETE only of rows up to the last archived link (the retention path).
 * - the 安全审计 page (sys_audit_log), reserved to the audit administrator.
 */
const PAGE = {
  fun_code: 'sys_audit_log',
  fun_name: '安全审计',
  parent_code: 'sys',
  router: '/auditLog',
  sort_no: 101,
  icon: 'SafetyOutlined',
};

async function dropTriggers(db: Kysely<any>, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS sys_audit_no_update`.execute(db);
    await sql`DROP TRIGGER IF EXISTS sys_audit_no_delete`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS sys_audit_no_change ON sys_audit`.execute(db);
  }
}

async function createTriggers(db: Kysely<any>, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER sys_audit_no_update BEFORE UPDATE ON sys_audit BEGIN SELECT RAISE(ABORT, 'sys_audit is append-only'); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER sys_audit_no_delete BEFORE DELETE ON sys_audit
      WHEN OLD.seq IS NULL OR OLD.seq > (SELECT coalesce(max(upto_seq), 0) FROM sys_audit_archive)
      BEGIN SELECT RAISE(ABORT, 'sys_audit is append-only'); END`.execute(db);
    for (const t of ['sys_audit_anchor', 'sys_audit_archive'])
      await sql`CREATE TRIGGER ${sql.raw(`${t}_append_only`)} BEFORE UPDATE ON ${sql.table(t)} BEGIN SELECT RAISE(ABORT, 'append-only'); END`.execute(
        db,
      );
    for (const t of ['sys_audit_anchor', 'sys_audit_archive'])
      await sql`CREATE TRIGGER ${sql.raw(`${t}_no_delete`)} BEFORE DELETE ON ${sql.table(t)} BEGIN SELECT RAISE(ABORT, 'append-only'); END`.execute(
        db,
      );
    return;
  }
  await sql`CREATE OR REPLACE FUNCTION oa_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.seq IS NOT NULL AND OLD.seq <= (SELECT coalesce(max(upto_seq), 0) FROM sys_audit_archive) THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'sys_audit is append-only';
    END $$`.execute(db);
  await sql`CREATE TRIGGER sys_audit_no_change BEFORE UPDATE OR DELETE ON sys_audit FOR EACH ROW EXECUTE FUNCTION oa_audit_append_only()`.execute(
    db,
  );
  await sql`CREATE OR REPLACE FUNCTION oa_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$`.execute(db);
  for (const t of ['sys_audit_anchor', 'sys_audit_archive'])
    await sql`CREATE TRIGGER ${sql.raw(`${t}_append_only`)} BEFORE UPDATE OR DELETE OR TRUNCATE ON ${sql.table(t)} FOR EACH STATEMENT EXECUTE FUNCTION oa_append_only()`.execute(
      db,
    );
}

/** Chains the rows written before this migration, in id order, in batches. */
async function chainExisting(db: Kysely<any>): Promise<{ seq: number; hash: string }> {
  let seq = 0;
  let hash = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('sys_audit').selectAll().where('id', '>', after).orderBy('id').limit(1000).execute();
    if (!rows.length) return { seq, hash };
    for (const r of rows) {
      seq += 1;
      hash = linkHash(hash, { ...(r as unknown as ChainedFields), seq, before_json: null, after_json: null });
      await db.updateTable('sys_audit').set({ seq, hash }).where('id', '=', r.id).execute();
      after = Number(r.id);
    }
  }
}

/** The audit administrator (migration 112) gets the page; nobody else may hold it (RESERVED_FUNCTIONS). */
async function grantToAuditAdmin(db: Kysely<any>) {
  const role = await db.selectFrom('sys_role').select('role_code').where('role_code', '=', ROLE_AUDITADMIN).executeTakeFirst();
  const page = await db.selectFrom('sys_function').select('fun_code').where('fun_code', '=', PAGE.fun_code).executeTakeFirst();
  const held = await db
    .selectFrom('sys_role_function')
    .select('fun_code')
    .where('role_code', '=', ROLE_AUDITADMIN)
    .where('fun_code', '=', PAGE.fun_code)
    .executeTakeFirst();
  if (role && page && !held)
    await db.insertInto('sys_role_function').values({ role_code: ROLE_AUDITADMIN, fun_code: PAGE.fun_code }).execute();
}

export const m117AuditChain: OaMigration = {
  name: '117-audit-chain',
  async up(raw, dialect) {
    const db = raw as Kysely<any>;
    const big = dialect === 'sqlite' ? 'integer' : 'bigint';
    for (const [name, type] of [
      ['seq', big],
      ['hash', 'varchar(64)'],
      ['before_json', 'text'],
      ['after_json', 'text'],
    ] as const)
      await db.schema.alterTable('sys_audit').addColumn(name, type).execute();
    await db.schema
      .createTable('sys_audit_head')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('seq', big, (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('sys_audit_anchor'), dialect)
      .addColumn('seq', big, (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('key_id', 'varchar(16)', (c) => c.notNull())
      .addColumn('mac', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_audit_anchor_seq').on('sys_audit_anchor').column('seq').execute();
    await withId(db.schema.createTable('sys_audit_verify'), dialect)
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)')
      .addColumn('intact', 'integer', (c) => c.notNull())
      .addColumn('checked', big, (c) => c.notNull())
      .addColumn('head_seq', big, (c) => c.notNull())
      .addColumn('broken_seq', big)
      .addColumn('broken_audit_id', big)
      .addColumn('message', 'varchar(500)', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('sys_audit_archive'), dialect)
      .addColumn('from_seq', big, (c) => c.notNull())
      .addColumn('upto_seq', big, (c) => c.notNull().unique())
      .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('last_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('row_count', big, (c) => c.notNull())
      .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('file_sm3', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await dropTriggers(db, dialect);
    const head = await chainExisting(db);
    await db.insertInto('sys_audit_head').values({ id: 1, seq: head.seq, hash: head.hash }).execute();
    await db.schema.createIndex('uq_audit_seq').on('sys_audit').column('seq').unique().execute();
    await db.schema.createIndex('idx_audit_user_seq').on('sys_audit').columns(['user_code', 'seq']).execute();
    await db.schema.createIndex('idx_audit_action_seq').on('sys_audit').columns(['action', 'seq']).execute();
    await createTriggers(db, dialect);
    await addMissingFunctions(db, [PAGE]);
    await grantToAuditAdmin(db);
  },
};
