import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { SEED_FUNCTIONS } from '../seed/functions.data';
import { m110DirectorySync } from './110-directory-sync';

/** An upgraded database (seeded before the page existed) shows 目录同步 exactly as the seed writes it. */

const DIALECTS = await testDialects();
const TABLES = ['sys_directory_user', 'sys_directory_dept', 'sys_directory_sync_run', 'sys_directory_sync_lease'];

describe.each(DIALECTS)('migration 110 on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const page = () => t.ctx.db.selectFrom('sys_function').selectAll().where('fun_code', '=', 'sys_ldap_sync').execute();

  it('adds the page an older database lacks as the seed writes it, once', async () => {
    const seeded = await page();
    expect(seeded).toHaveLength(1);
    const f = SEED_FUNCTIONS.find((s) => s.funCode === 'sys_ldap_sync')!;
    expect([seeded[0].fun_name, seeded[0].parent_code, seeded[0].router, seeded[0].sort_no, seeded[0].icon]).toEqual([
      f.funName,
      f.parentCode,
      f.router,
      f.sortNo,
      f.icon,
    ]);
    await t.ctx.db.deleteFrom('sys_function').where('fun_code', '=', 'sys_ldap_sync').execute();
    for (const table of TABLES) await t.ctx.db.schema.dropTable(table).execute();
    await m110DirectorySync.up(t.ctx.db, dialect);
    expect(await page()).toEqual(seeded);
  });
});
