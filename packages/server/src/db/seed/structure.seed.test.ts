import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@oa/shared/access/three-admins';
import { DEMO_TOTP_SECRETS } from '@oa/shared/access/demo-two-factor';
import { buildApp, type BuiltApp } from '../../app';
import type { Db } from '../database';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { testConfig } from '../../../test/seeded-templates';
import { DB_PREFIX, dropPgDatabase, pgUrlOf, withPgAdmin } from '../../../test/test-databases';
import { SEED_FUNCTIONS } from './functions.data';
import { seedStructure, SEED_ROLES } from './structure.seed';
import { seedDemo } from './seed';

const DIALECTS = await testDialects();

/** What an installation's structure is made of, read the same way from any database. */
async function structureOf(db: Db) {
  const codes = async <T>(q: Promise<T[]>, f: (r: T) => string) => (await q).map(f).sort();
  return {
    functions: await codes(db.selectFrom('sys_function').select('fun_code').execute(), (r) => r.fun_code),
    roles: await codes(db.selectFrom('sys_role').select(['role_code', 'role_name']).execute(), (r) => `${r.role_code}:${r.role_name}`),
    grants: await codes(
      db.selectFrom('sys_role_function').select(['role_code', 'fun_code']).execute(),
      (r) => `${r.role_code}|${r.fun_code}`,
    ),
    twoFactorRoles: await codes(
      db.selectFrom('sys_two_factor_role').select(['role_code', 'required']).execute(),
      (r) => `${r.role_code}:${r.required}`,
    ),
    processes: await codes(
      db.selectFrom('wf_definition').select(['module_code', 'version', 'status']).execute(),
      (r) => `${r.module_code}@${r.version}:${r.status}`,
    ),
    docTypes: await codes(db.selectFrom('doc_type').select(['prefix', 'scope']).where('scope', '=', 'office').execute(), (r) => r.prefix),
    weeklyColumns: await codes(db.selectFrom('oa_weekly_column').select('name').execute(), (r) => r.name),
    dynamicsTypes: await codes(
      db.selectFrom('business_record').select('title').where('module', '=', 'hr_dynamics_type').execute(),
      (r) => r.title,
    ),
  };
}

const count = async (db: Db, table: 'sys_user' | 'sys_user_role' | 'org_dept' | 'sys_two_factor' | 'meeting_room' | 'news_article') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('the structure seed on %s (OA_SEED_DEMO=off)', (dialect) => {
  let fresh: BuiltApp;
  let demo: TestApp;
  let dbName: string | undefined;
  let dataDir: string;

  beforeAll(async () => {
    const config = testConfig();
    dataDir = config.dataDir;
    if (dialect === 'postgres') {
      dbName = `${DB_PREFIX}_st_${randomBytes(5).toString('hex')}`;
      await withPgAdmin((c) => c.query(`create database ${dbName}`));
      config.databaseUrl = pgUrlOf(dbName);
    }
    fresh = await buildApp(config, { logger: false }); // migrated, nothing seeded
    demo = await createTestApp(dialect);
  }, 180_000);
  afterAll(async () => {
    await fresh?.app.close();
    await demo?.close();
    if (dbName) await dropPgDatabase(dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes every function, role, grant and process and no person; a second run writes nothing', async () => {
    expect(await seedStructure(fresh.ctx.db)).toBe(true);
    const s = await structureOf(fresh.ctx.db);
    expect(s.functions).toEqual(SEED_FUNCTIONS.map((f) => f.funCode).sort());
    for (const r of SEED_ROLES) expect(s.roles).toContain(`${r.code}:${r.name}`);
    expect(s.roles.map((r) => r.split(':')[0])).toEqual(
      expect.arrayContaining(['doc_clerk', 'doc_archivist', 'salary_admin', 'subject_manager']),
    );
    // the three administrators must sign in with two factors on every installation
    expect(s.twoFactorRoles).toEqual(ADMIN_ROLES.map((r) => `${r}:Y`).sort());
    expect(s.processes.length).toBeGreaterThan(20);
    expect(s.grants.filter((g) => g.startsWith('secadmin|')).length).toBeGreaterThan(5);
    for (const table of ['sys_user', 'sys_user_role', 'org_dept', 'sys_two_factor', 'meeting_room', 'news_article'] as const)
      expect(await count(fresh.ctx.db, table), table).toBe(0);
    expect(await seedStructure(fresh.ctx.db)).toBe(false);
    expect(await structureOf(fresh.ctx.db)).toEqual(s);
  });

  it('is exactly the structure of the demo database: the demo adds people and records, no function, role or grant', async () => {
    expect(await structureOf(fresh.ctx.db)).toEqual(await structureOf(demo.ctx.db));
    expect(await count(demo.ctx.db, 'sys_user')).toBeGreaterThan(40);
    expect(await count(demo.ctx.db, 'sys_two_factor')).toBe(Object.keys(DEMO_TOTP_SECRETS).length);
    // the demo seed over an installation that has people of its own writes none of its own
    expect(await seedDemo(demo.ctx.db, { keys: demo.ctx.fieldKeys })).toBe(false);
  });
});
