import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { readAuthVersion } from '../core/identity/identity.repository';
import { FILTER_SLOTS, slotColumn } from './cache-dependencies';
import { cacheTriggerDrift, generatedCacheTriggers, syncCacheTriggers } from './cache-triggers';

const DIALECTS = await testDialects();

/**
 * The counters' triggers are generated from `cache-dependencies.ts` (issue 31). The database a migrated app runs on
 * holds exactly those: a change of the declaration without the migration that calls `syncCacheTriggers`, a trigger
 * dropped or one added by hand shows here.
 */
describe.each(DIALECTS)('generated cache triggers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('the migrated database holds exactly the declared triggers', async () => {
    expect(generatedCacheTriggers(dialect).triggers.length).toBeGreaterThan(10);
    expect(await cacheTriggerDrift(t.ctx.db, dialect)).toEqual([]);
  });

  it('a trigger dropped, or one bumping a counter by hand, is drift; syncing restores the declaration', async () => {
    const some = generatedCacheTriggers(dialect).triggers.find((x) => x.table === 'sys_user_role')!;
    if (dialect === 'sqlite') {
      await sql`DROP TRIGGER ${sql.id(some.name)}`.execute(t.ctx.db);
      await sql`CREATE TRIGGER extra_bump AFTER UPDATE ON sys_config BEGIN UPDATE sys_auth_version SET version = version + 1 WHERE id = 1; END`.execute(
        t.ctx.db,
      );
    } else {
      await sql`DROP TRIGGER ${sql.id(some.name)} ON sys_user_role`.execute(t.ctx.db);
      await sql`CREATE TRIGGER extra_bump BEFORE UPDATE ON sys_config FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_auth_version()`.execute(
        t.ctx.db,
      );
    }
    const drift = await cacheTriggerDrift(t.ctx.db, dialect);
    expect(drift.some((d) => d.startsWith('missing:') && d.includes(some.name))).toBe(true);
    expect(drift.some((d) => d.startsWith('not declared:') && d.includes('extra_bump'))).toBe(true);

    await syncCacheTriggers(t.ctx.db, dialect);
    expect(await cacheTriggerDrift(t.ctx.db, dialect)).toEqual([]);
    const v0 = await readAuthVersion(t.ctx.db);
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'staff', role_code: 'sync_probe' }).execute();
    expect(await readAuthVersion(t.ctx.db)).toBe(v0 + 1);
  });

  it('a session column the guard reads bumps the counter; the minute touch does not', async () => {
    await t.login('staff');
    const { id } = await t.ctx.db.selectFrom('sys_session').select('id').executeTakeFirstOrThrow();
    const v0 = await readAuthVersion(t.ctx.db);
    await t.ctx.db.updateTable('sys_session').set({ last_seen_at: new Date().toISOString() }).where('id', '=', id).execute();
    expect(await readAuthVersion(t.ctx.db)).toBe(v0);
    await t.ctx.db.updateTable('sys_session').set({ user_agent: 'probe' }).where('id', '=', id).execute();
    expect(await readAuthVersion(t.ctx.db)).toBe(v0 + 1);
  });

  it('the slot columns of filterable fields are the declared ones (PostgreSQL), filled by the generated trigger', async () => {
    const tables = await t.ctx.db.introspection.getTables();
    const columns = tables.find((x) => x.name === FILTER_SLOTS.table)!.columns.map((c) => c.name);
    const slots = columns.filter((c) => c.startsWith(FILTER_SLOTS.columnPrefix)).sort();
    const declared = Array.from({ length: FILTER_SLOTS.count }, (_, i) => slotColumn(i + 1)).sort();
    expect(slots).toEqual(dialect === 'postgres' ? declared : []);
    const facets = generatedCacheTriggers(dialect).triggers.filter(
      (x) => x.table === FILTER_SLOTS.table && x.level === 'ROW' && x.timing === 'BEFORE',
    );
    expect(facets.map((x) => x.columns)).toEqual(dialect === 'postgres' ? [FILTER_SLOTS.sources] : []);
  });

  it('syncing before a watched table or column exists leaves it out (its own migration syncs again)', async () => {
    const tables = await t.ctx.db.introspection.getTables();
    const schema = new Map(tables.map((x) => [x.name, new Set(x.columns.map((c) => c.name))]));
    schema.delete('sys_user_platform');
    schema.get('sys_user')!.delete('personal_sign');
    const partial = generatedCacheTriggers(dialect, schema).triggers;
    expect(partial.filter((x) => x.table === 'sys_user_platform')).toEqual([]);
    const userUpdates = partial.filter((x) => x.table === 'sys_user' && x.events.includes('UPDATE'));
    expect(userUpdates.length).toBe(2);
    expect(userUpdates.flatMap((x) => x.columns)).not.toContain('personal_sign');
    expect(generatedCacheTriggers(dialect, new Map()).triggers).toEqual([]);
  });
});
