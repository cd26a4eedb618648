import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { maskSensitive } from './audit';
import { HIDDEN } from './audit/mask';

const SRC = path.resolve(__dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
const calls = (fn: string) =>
  sources(SRC).flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(new RegExp(`\\b${fn}\\(\\s*([\\w.]+)`, 'g'))].map((m) => ({
      file: path.relative(SRC, f),
      arg: m[1],
    })),
  );

/**
 * Changes still audited after their commit, per file (to move to `writeAudit` in their transaction). The list may only
 * shrink: a new call, or a new file, fails.
 */
const AFTER_COMMIT_LEFT: Record<string, number> = {
  'engines/records/register.routes.ts': 2,
  'engines/workflow/admin.routes.ts': 2,
  'engines/workflow/workflow.routes.ts': 1,
  'features/apps/apps.routes.ts': 3,
  'features/archive/archive.routes.ts': 1,
  'features/auth/auth.routes.ts': 3,
  'features/documents/documents.routes.ts': 2,
  'features/documents/numbering.routes.ts': 4,
  'features/meetings/live.routes.ts': 3,
  'features/meetings/meetings.routes.ts': 3,
  'features/news/news.routes.ts': 8,
  'features/personal/personal.routes.ts': 2,
  'features/spaces/spaces.routes.ts': 2,
  'features/subjects/applicants.routes.ts': 3,
  'features/subjects/subjects.routes.ts': 1,
  'features/supervise/supervise.routes.ts': 2,
  'features/weekly/weekly.routes.ts': 1,
  'modules/party_fee/fees.routes.ts': 1,
  'modules/route-kit.ts': 1,
};

describe('where audit rows are written', () => {
  it("writes a change's audit row only with a transaction, never with the application database", () => {
    const plain = calls('writeAudit').filter((c) => /(^|\.)db$/.test(c.arg) && c.file !== 'core/audit.ts');
    expect(plain).toEqual([]);
  });

  it('keeps the changes audited after commit to the known, shrinking list', () => {
    const left: Record<string, number> = {};
    for (const c of calls('auditAfterCommit')) if (c.file !== 'core/audit.ts') left[c.file] = (left[c.file] ?? 0) + 1;
    for (const [file, n] of Object.entries(left)) expect({ file, n: n <= (AFTER_COMMIT_LEFT[file] ?? 0) }).toEqual({ file, n: true });
  });

  it('masks sensitive values in before/after, nested ones too', () => {
    const v = maskSensitive({
      userName: '赵云',
      mobile: '13700001111',
      password: 'x',
      nested: [{ idNumber: '110', bank_card: '6222' }],
      note: null,
    });
    expect(v).toEqual({
      userName: '赵云',
      mobile: '*******1111',
      password: HIDDEN,
      nested: [{ idNumber: '****', bank_card: '****' }],
      note: null,
    });
  });
});

const DIALECTS = await testDialects();

/** Makes every audit row whose target or detail mentions `zzfail` fail to insert, so its change's transaction fails. */
async function refuseMarkedAudits(t: TestApp): Promise<void> {
  if (t.ctx.dialect === 'sqlite') {
    await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON sys_audit
      WHEN lower(coalesce(NEW.target, '')) LIKE '%zzfail%' OR lower(coalesce(NEW.detail, '')) LIKE '%zzfail%'
        OR lower(coalesce(NEW.after_json, '')) LIKE '%zzfail%'
      BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(t.ctx.db);
    return;
  }
  await sql`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger AS $$ BEGIN
      IF lower(coalesce(NEW.target, '')) LIKE '%zzfail%' OR lower(coalesce(NEW.detail, '')) LIKE '%zzfail%'
        OR lower(coalesce(NEW.after_json, '')) LIKE '%zzfail%' THEN
        RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(t.ctx.db);
  await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON sys_audit FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`.execute(
    t.ctx.db,
  );
}

describe.each(DIALECTS)('a change and its audit row commit or roll back together on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    sec = await t.login('secadmin');
    await refuseMarkedAudits(t);
  });
  afterAll(async () => t?.close());

  const audits = async (target: string) =>
    t.ctx.db
      .selectFrom('sys_audit')
      .select(['action', 'result', 'detail', 'before_json', 'after_json'])
      .where('target', '=', target)
      .execute();
  const exists = async (table: 'org_dept' | 'sys_user' | 'sys_role' | 'sys_function', col: string, code: string) =>
    Boolean(
      await t.ctx.db
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where(sql.ref(col), '=', code)
        .executeTakeFirst(),
    );

  it('departments: created and updated only with their audit row, which carries before and after', async () => {
    const fail = await t.call('POST', '/oa/api/auth/oa/dept/insert', {
      token: admin,
      body: { deptCode: 'ZZFAIL1', deptName: '不会留下', parentCode: 'D00' },
    });
    expect(fail.status).toBe(500);
    expect(await exists('org_dept', 'dept_code', 'ZZFAIL1')).toBe(false);
    expect(await audits('ZZFAIL1')).toEqual([]);

    const okBody = { deptCode: 'ZZOK1', deptName: '研究室', parentCode: 'D00' };
    expect((await t.call('POST', '/oa/api/auth/oa/dept/insert', { token: admin, body: okBody })).body.code).toBe(0);
    expect(await exists('org_dept', 'dept_code', 'ZZOK1')).toBe(true);
    expect(await audits('ZZOK1')).toMatchObject([{ action: 'dept.create', result: 'ok' }]);

    const upd = await t.call('PUT', '/oa/api/auth/oa/dept/update', { token: admin, body: { ...okBody, deptName: 'zzfail 改名' } });
    expect(upd.status).toBe(500);
    const name = await t.ctx.db.selectFrom('org_dept').select('dept_name').where('dept_code', '=', 'ZZOK1').executeTakeFirstOrThrow();
    expect(name.dept_name).toBe('研究室');
    expect(
      (await t.call('PUT', '/oa/api/auth/oa/dept/update', { token: admin, body: { ...okBody, deptName: '研究中心' } })).body.code,
    ).toBe(0);
    const rows = await audits('ZZOK1');
    expect(rows.map((r) => r.action)).toEqual(['dept.create', 'dept.update']);
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ dept_name: '研究室' });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ deptName: '研究中心' });
  });

  it('users: no account without its audit row; before/after mask the mobile', async () => {
    const body = {
      userCode: 'zzfailu',
      userName: '不留',
      sex: '男',
      deptCode: 'D02',
      platforms: ['1'],
      password: hashPassword('Zz@123456'),
    };
    expect((await t.call('POST', '/oa/api/auth/oa/user/insert', { token: admin, body })).status).toBe(500);
    expect(await exists('sys_user', 'user_code', 'zzfailu')).toBe(false);
    const okBody = { ...body, userCode: 'zzoku', mobile: '13700002222' };
    expect((await t.call('POST', '/oa/api/auth/oa/user/insert', { token: admin, body: okBody })).body.code).toBe(0);
    expect(
      (await t.call('PUT', '/oa/api/auth/oa/user/update', { token: admin, body: { ...okBody, password: undefined, userName: '新名' } }))
        .body.code,
    ).toBe(0);
    const rows = await audits('zzoku');
    expect(rows.map((r) => r.action)).toEqual(['user.create', 'user.update']);
    expect(rows.map((r) => `${r.detail} ${r.before_json} ${r.after_json}`).join()).not.toContain('13700002222');
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ user_name: '不留', mobile: '*******2222' });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ userName: '新名', mobile: '*******2222' });
  });

  it('roles and grants: a role or a grant lands only with its audit row', async () => {
    const fail = await t.call('POST', '/oa/api/auth/base/sysRole/insert', {
      token: admin,
      body: { roleCode: 'r_zzfail', roleName: '不留' },
    });
    expect(fail.status).toBe(500);
    expect(await exists('sys_role', 'role_code', 'r_zzfail')).toBe(false);
    expect(
      (await t.call('POST', '/oa/api/auth/base/sysRole/insert', { token: admin, body: { roleCode: 'r_zzok', roleName: '留下' } })).body
        .code,
    ).toBe(0);
    expect(await audits('r_zzok')).toMatchObject([{ action: 'role.create', result: 'ok' }]);

    const group = { groupCode: 'g_zzfail', groupName: '不留', roleCodes: ['r_zzok'], userCodes: ['staff'] };
    expect((await t.call('POST', '/oa/api/auth/industry/common/roleGroup', { token: sec, body: group })).status).toBe(500);
    const groups = (await t.call('GET', '/oa/api/auth/industry/common/roleGroupList', { token: admin })).body.data;
    expect(groups.some((g: { groupCode: string }) => g.groupCode === 'g_zzfail')).toBe(false);
  });

  it('functions: a menu entry lands only with its audit row', async () => {
    const body = {
      funCode: 'zzfail_fn',
      funName: '演示',
      parentCode: 'sys',
      router: '/zz',
      sortNo: 5,
      menuType: '1',
      icon: 'StarOutlined',
    };
    expect((await t.call('POST', '/oa/api/auth/oa/function/insert', { token: admin, body })).status).toBe(500);
    expect(await exists('sys_function', 'fun_code', 'zzfail_fn')).toBe(false);
    expect(
      (await t.call('POST', '/oa/api/auth/oa/function/insert', { token: admin, body: { ...body, funCode: 'zzok_fn' } })).body.code,
    ).toBe(0);
    expect(await audits('zzok_fn')).toMatchObject([{ action: 'function.create', result: 'ok' }]);
  });
});
