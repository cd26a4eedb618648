import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEPARATED_ADMINS } from '@oa/shared/access/three-admins';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { SEED_FUNCTIONS } from '../seed/functions.data';
import { m112ThreeAdmins } from './112-three-admins';

/** An upgraded database gets the roles and the function split of 三员分立 as the seed writes them, and no demo account. */

const DIALECTS = await testDialects();
const NEW_FUNCTIONS = ['sys_role:manage', 'sys_role:grant', 'sys_member_role:manage', 'sys_member_role:grant', 'sys_compliance'];
const ROLES = SEPARATED_ADMINS.map((a) => a.roleCode);

describe.each(DIALECTS)('migration 112 on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const db = () => t.ctx.db;
  const state = async () => ({
    functions: await db().selectFrom('sys_function').selectAll().where('fun_code', 'in', NEW_FUNCTIONS).orderBy('fun_code').execute(),
    roles: await db()
      .selectFrom('sys_role')
      .select(['role_code', 'role_name', 'remark', 'platform_code'])
      .where('role_code', 'in', ROLES)
      .orderBy('role_code')
      .execute(),
    grants: await db()
      .selectFrom('sys_role_function')
      .selectAll()
      .where('role_code', 'in', ROLES)
      .orderBy('role_code')
      .orderBy('fun_code')
      .execute(),
  });

  it('gives a database seeded before 三员分立 the roles and the split the seed writes, takes reserved grants from other roles', async () => {
    const seeded = await state();
    expect(seeded.functions.map((f) => f.fun_code).sort()).toEqual([...NEW_FUNCTIONS].sort());
    expect(seeded.roles).toHaveLength(2);
    // the database as it was: no keys, no page, no roles; 栏目用户授权 granted to an ordinary role
    await db().deleteFrom('sys_user_role').where('role_code', 'in', ROLES).execute();
    await db().deleteFrom('sys_role_function').where('role_code', 'in', ROLES).execute();
    await db().deleteFrom('sys_role').where('role_code', 'in', ROLES).execute();
    await db().deleteFrom('sys_role_function').where('fun_code', 'in', NEW_FUNCTIONS).execute();
    await db().deleteFrom('sys_function').where('fun_code', 'in', NEW_FUNCTIONS).execute();
    await db().insertInto('sys_role_function').values({ role_code: '013', fun_code: 'sys_column_auth' }).execute();

    await m112ThreeAdmins.up(db(), dialect);
    await m112ThreeAdmins.up(db(), dialect);
    const after = await state();
    expect(after.roles).toEqual(seeded.roles);
    expect(after.grants).toEqual(seeded.grants);
    expect(after.functions).toEqual(seeded.functions);
    for (const r of after.functions) {
      const f = SEED_FUNCTIONS.find((s) => s.funCode === r.fun_code)!;
      expect([r.fun_name, r.parent_code, r.router, r.sort_no, r.menu_type], r.fun_code).toEqual([
        f.funName,
        f.parentCode,
        f.router,
        f.sortNo,
        f.menuType,
      ]);
    }
    expect(await db().selectFrom('sys_role_function').selectAll().where('fun_code', '=', 'sys_column_auth').execute()).toEqual([
      { role_code: 'secadmin', fun_code: 'sys_column_auth' },
    ]);
    // nobody is made an administrator by an upgrade
    expect(await db().selectFrom('sys_user_role').selectAll().where('role_code', 'in', ROLES).execute()).toEqual([]);
  });

  it('leaves a database without a menu alone', async () => {
    await db().deleteFrom('sys_role_function').execute();
    await db().deleteFrom('sys_function').execute();
    await db().deleteFrom('sys_user_role').execute();
    await db().deleteFrom('sys_role').execute();
    await m112ThreeAdmins.up(db(), dialect);
    expect(await state()).toEqual({ functions: [], roles: [], grants: [] });
  });
});
