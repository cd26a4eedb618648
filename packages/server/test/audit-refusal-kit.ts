import { sql } from 'kysely';
import type { TestApp } from './harness';

/**
 * Makes the successful audit rows of one action fail to insert (until `allowAudits`): a change audited in its own
 * transaction then rolls back with its row, which is what a test of "audited in the change's transaction" checks.
 */
export async function refuseAction(t: TestApp, action: string): Promise<void> {
  if (t.ctx.dialect === 'sqlite') {
    await sql`CREATE TRIGGER test_refuse_action BEFORE INSERT ON sys_audit WHEN NEW.action = ${sql.lit(action)} AND NEW.result = 'ok'
      BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(t.ctx.db);
    return;
  }
  await sql`CREATE OR REPLACE FUNCTION test_refuse_action() RETURNS trigger AS $$ BEGIN
      IF NEW.action = ${sql.lit(action)} AND NEW.result = 'ok' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$
      LANGUAGE plpgsql`.execute(t.ctx.db);
  await sql`CREATE TRIGGER test_refuse_action BEFORE INSERT ON sys_audit FOR EACH ROW EXECUTE FUNCTION test_refuse_action()`.execute(
    t.ctx.db,
  );
}

export const allowAudits = async (t: TestApp) =>
  sql`DROP TRIGGER test_refuse_action${t.ctx.dialect === 'postgres' ? sql` ON sys_audit` : sql``}`.execute(t.ctx.db);
