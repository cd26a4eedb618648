import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { allowAudits, refuseAction } from '../../test/audit-refusal-kit';
import { maskSensitive } from './audit';
import { HIDDEN } from './audit/mask';
import { approver, definition } from '../../test/workflow/wf-test-kit';

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

describe('where audit rows are written', () => {
  it("writes a change's audit row only with a transaction, never with the application database", () => {
    const plain = calls('writeAudit').filter((c) => /(^|\.)db$/.test(c.arg) && c.file !== 'core/audit.ts');
    expect(plain).toEqual([]);
  });

  it('has no way left to audit a change after its commit', () => {
    expect(calls('auditAfterCommit')).toEqual([]);
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

/** A process of the car module: the department leader approves. */
const carFlow = definition('oa_car', [approver('leader', { kind: 'deptLeader' }, { whenEmpty: 'toAdmin', whenInitiator: 'toLeader' })]);

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

  it('workflow: a process is published only with its audit row, which carries the definitions before and after', async () => {
    const draft = async (name: string) => {
      const body = { definition: { ...carFlow, name } };
      const res = await t.call('POST', '/oa/api/auth/oa/workflow/saveDraft', { token: admin, body });
      expect(res.body.code).toBe(0);
      return res.body.data.id as string;
    };
    const status = async (id: string) =>
      (await t.ctx.db.selectFrom('wf_definition').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const failing = await draft('zzfail 用车流程');
    expect((await t.call('POST', '/oa/api/auth/oa/workflow/publish', { token: admin, body: { id: failing } })).status).toBe(500);
    expect(await status(failing)).toBe('draft');

    const first = await draft('用车流程一');
    expect((await t.call('POST', '/oa/api/auth/oa/workflow/publish', { token: admin, body: { id: first } })).body.code).toBe(0);
    const second = await draft('用车流程二');
    const out = await t.call('POST', '/oa/api/auth/oa/workflow/publish', { token: admin, body: { id: second } });
    expect(out.body.code).toBe(0);
    expect([await status(first), await status(second)]).toEqual(['archived', 'published']);
    const [row] = await audits(`oa_car v${out.body.data.version}`);
    expect(row).toMatchObject({ action: 'workflow.publish', result: 'ok' });
    expect(JSON.parse(row.before_json!)).toMatchObject({ id: first, definition: { name: '用车流程一' } });
    expect(JSON.parse(row.after_json!)).toMatchObject({ id: second, definition: { name: '用车流程二' } });
  });

  it('supervision: a task and a review land only with their audit rows; the review carries the status before and after', async () => {
    const leader = await t.login('leader');
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const body = {
      content: '按期完成',
      sourceType: 'leader',
      leadDept: 'D01',
      ownerUser: 'staff',
      assistDepts: [],
      subtasks: [],
      dueDate: due,
    };
    const P = '/oa/api/auth/oa/supervise';
    const titles = async () => (await t.ctx.db.selectFrom('oa_supervise_task').select('title').execute()).map((r) => r.title);
    expect((await t.call('POST', `${P}/task`, { token: leader, body: { ...body, title: 'zzfail 督办' } })).status).toBe(500);
    expect(await titles()).not.toContain('zzfail 督办');

    const made = await t.call('POST', `${P}/task`, { token: leader, body: { ...body, title: '审计督办' } });
    expect(made.body.code).toBe(0);
    const id = made.body.data.task.id as string;
    expect(await audits(id)).toMatchObject([{ action: 'supervise.create', result: 'ok' }]);
    const state = async () =>
      (await t.ctx.db.selectFrom('oa_supervise_task').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const before = await state();
    const refused = await t.call('POST', `${P}/review`, { token: leader, body: { id, action: 'close', comment: 'zzfail 办结' } });
    expect(refused.status).toBe(500);
    expect(await state()).toBe(before);
    expect((await t.call('POST', `${P}/review`, { token: leader, body: { id, action: 'close', comment: '已办结' } })).body.code).toBe(0);
    expect(await state()).toBe('closed');
    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual(['supervise.create', 'supervise.close']);
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ status: before, closed_at: null });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ status: 'closed' });
  });

  it('password change: the password changes, and other sessions end, only with its audit row', async () => {
    const H = (p: string) => hashPassword(p);
    const hash = async () =>
      (await t.ctx.db.selectFrom('sys_user').select('password_hash').where('user_code', '=', 'zhangwei').executeTakeFirstOrThrow())
        .password_hash;
    const other = await t.login('zhangwei');
    const token = await t.login('zhangwei');
    const was = await hash();
    const body = { userCode: 'zhangwei', oldPassword: H('Oa@123456'), password: H('Zz@654321') };
    await refuseAction(t, 'password.change');
    try {
      expect((await t.call('PUT', '/oa/api/auth/base/system/changePassword', { token, body })).status).toBe(500);
    } finally {
      await allowAudits(t);
    }
    expect(await hash()).toBe(was);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: other })).status).toBe(200);
    const changes = async () => (await audits('zhangwei')).filter((r) => r.action === 'password.change');
    expect(await changes()).toEqual([]);

    expect((await t.call('PUT', '/oa/api/auth/base/system/changePassword', { token, body })).body.code).toBe(0);
    expect(await hash()).not.toBe(was);
    expect((await t.call('GET', '/oa/api/auth/base/system/user/info', { token: other })).status).toBe(401);
    expect(await changes()).toMatchObject([{ action: 'password.change', result: 'ok' }]);
  });

  it('module homes: an item lands only with its audit row, which carries it before and after', async () => {
    const url = '/oa/api/auth/oa/approval/supplies/save';
    const body = { name: 'zzfail 纸', unit: '包', stock: 5, warnLevel: 1 };
    expect((await t.call('POST', url, { token: admin, body })).status).toBe(500);
    const names = async () => (await t.ctx.db.selectFrom('oa_supplies_item').select('name').execute()).map((r) => r.name);
    expect(await names()).not.toContain('zzfail 纸');
    const made = await t.call('POST', url, { token: admin, body: { ...body, name: '复印纸' } });
    expect(made.body.code).toBe(0);
    const id = made.body.data.id as string;
    expect((await t.call('POST', url, { token: admin, body: { ...body, id, name: '复印纸', stock: 9 } })).body.code).toBe(0);
    const rows = await audits(id);
    expect(rows.map((r) => [r.action, JSON.parse(r.before_json ?? 'null')?.stock ?? null, JSON.parse(r.after_json!).stock])).toEqual([
      ['supplies.save', null, 5],
      ['supplies.save', 5, 9],
    ]);
  });

  it('news columns and meeting rooms land only with their audit rows, which carry them before and after', async () => {
    const column = '/oa/api/auth/oa/news/column';
    const bad = { columnCode: 'zzfail_col', columnName: '不会留下', sortNo: 1, readScope: 'all', readers: [] };
    expect((await t.call('POST', column, { token: sec, body: bad })).status).toBe(500);
    expect(await t.ctx.db.selectFrom('info_column').select('column_code').where('column_code', '=', 'zzfail_col').execute()).toEqual([]);
    const good = { ...bad, columnCode: 'zzok_col', columnName: '行业动态二' };
    expect((await t.call('POST', column, { token: sec, body: good })).body.code).toBe(0);
    expect((await t.call('PUT', column, { token: sec, body: { ...good, columnName: '行业动态三' } })).body.code).toBe(0);
    const rows = await audits('zzok_col');
    expect(rows.map((r) => r.action)).toEqual(['news.column.create', 'news.column.update']);
    expect(JSON.parse(rows[1].before_json!)).toMatchObject({ name: '行业动态二' });
    expect(JSON.parse(rows[1].after_json!)).toMatchObject({ name: '行业动态三' });

    const room = '/oa/api/auth/oa/meetings/room';
    expect((await t.call('POST', room, { token: admin, body: { name: 'zzfail 会议室', capacity: 8 } })).status).toBe(500);
    expect(await t.ctx.db.selectFrom('meeting_room').select('id').where('name', '=', 'zzfail 会议室').execute()).toEqual([]);
  });
});
