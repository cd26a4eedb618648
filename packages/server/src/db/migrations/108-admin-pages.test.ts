import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { SEED_FUNCTIONS } from '../seed/functions.data';
import { m108AdminPages } from './108-admin-pages';

/** An upgraded database (seeded before the pages existed) shows the new administrator's pages; an empty one stays empty. */

const DIALECTS = await testDialects();
const PAGES = ['sys_handover', 'sys_flow_stats', 'sys_notify', 'sys_backup', 'sys_print_template'];

describe.each(DIALECTS)('migration 108 on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const rows = () => t.ctx.db.selectFrom('sys_function').selectAll().where('fun_code', 'in', PAGES).orderBy('fun_code').execute();

  it('adds the pages an older database lacks exactly as the seed writes them, and nothing twice', async () => {
    const seeded = await rows();
    expect(seeded.map((r) => r.fun_code).sort()).toEqual([...PAGES].sort());
    await t.ctx.db.deleteFrom('sys_function').where('fun_code', 'in', ['sys_backup', 'sys_flow_stats']).execute();
    await m108AdminPages.up(t.ctx.db, dialect);
    await m108AdminPages.up(t.ctx.db, dialect);
    expect(await rows()).toEqual(seeded);
    for (const r of seeded) {
      const f = SEED_FUNCTIONS.find((s) => s.funCode === r.fun_code)!;
      expect([r.fun_name, r.parent_code, r.router, r.sort_no, r.icon]).toEqual([f.funName, f.parentCode, f.router, f.sortNo, f.icon]);
    }
  });

  it('leaves a database without a menu alone', async () => {
    await t.ctx.db.deleteFrom('sys_role_function').execute();
    await t.ctx.db.deleteFrom('sys_function').execute();
    await m108AdminPages.up(t.ctx.db, dialect);
    expect(await rows()).toEqual([]);
  });
});
