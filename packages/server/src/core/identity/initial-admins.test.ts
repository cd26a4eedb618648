import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblem } from '@oa/shared/validate/password';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { AdminInitRefused, adminAccounts, createAdministrators, oneTimePassword, resetAdministrator } from './initial-admins';

const DIALECTS = await testDialects();
const runner = { actor: 'cli:test', detail: { via: 'cli' } };

describe('the one-time passwords and the account names', () => {
  it('a password keeps the password rule and is never the same twice', () => {
    const many = Array.from({ length: 200 }, oneTimePassword);
    for (const p of many) expect(passwordProblem(p), p).toBeNull();
    expect(new Set(many).size).toBe(many.length);
  });

  it('three distinct, well-formed accounts; the defaults otherwise', () => {
    expect(adminAccounts()).toEqual({ admin: 'admin', secadmin: 'secadmin', auditadmin: 'auditor' });
    expect(adminAccounts({ secadmin: ' aqgl ', auditadmin: undefined })).toEqual({
      admin: 'admin',
      secadmin: 'aqgl',
      auditadmin: 'auditor',
    });
    expect(() => adminAccounts({ secadmin: 'Admin' })).toThrow(AdminInitRefused);
    expect(() => adminAccounts({ auditadmin: '1st' })).toThrow('不合规');
  });
});

describe.each(DIALECTS)('admin:init on a database with administrators of its own (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  const holders = () =>
    t.ctx.db
      .selectFrom('sys_user_role')
      .select(['user_code', 'role_code'])
      .where('role_code', 'in', ['admin', 'secadmin', 'auditadmin'])
      .orderBy('role_code')
      .orderBy('user_code')
      .execute();

  it('an upgraded database whose security and audit roles have no holder: only those two are created', async () => {
    await t.ctx.db.deleteFrom('sys_user_role').where('role_code', 'in', ['secadmin', 'auditadmin']).execute();
    // the default names are taken (the demo's people): refused, nothing written
    await expect(createAdministrators(t.ctx.db, adminAccounts(), runner)).rejects.toThrow('账号 secadmin 已被占用');
    expect(await holders()).toEqual([{ user_code: 'admin', role_code: 'admin' }]);
    const made = await createAdministrators(t.ctx.db, adminAccounts({ secadmin: 'aqgl', auditadmin: 'sjgl' }), runner);
    expect(made.map((a) => [a.userCode, a.roleCode])).toEqual([
      ['aqgl', 'secadmin'],
      ['sjgl', 'auditadmin'],
    ]);
    expect(await holders()).toEqual([
      { user_code: 'admin', role_code: 'admin' },
      { user_code: 'sjgl', role_code: 'auditadmin' },
      { user_code: 'aqgl', role_code: 'secadmin' },
    ]);
    await expect(createAdministrators(t.ctx.db, adminAccounts({ secadmin: 'x2', auditadmin: 'y2' }), runner)).rejects.toThrow(
      '三员账号已存在',
    );
  });

  it('--reset only an account holding exactly one administrator role', async () => {
    await expect(resetAdministrator(t.ctx.db, 'staff', runner)).rejects.toThrow('不是三员账号');
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'leader', role_code: 'admin' }).execute();
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'leader', role_code: 'secadmin' }).execute();
    const hash = () => t.ctx.db.selectFrom('sys_user').select('password_hash').where('user_code', '=', 'leader').executeTakeFirstOrThrow();
    const before = await hash();
    await expect(resetAdministrator(t.ctx.db, 'leader', runner)).rejects.toThrow('不能同时担任');
    expect(await hash()).toEqual(before);
    const reset = await resetAdministrator(t.ctx.db, 'admin', runner);
    expect(reset).toMatchObject({ userCode: 'admin', roleCode: 'admin', roleName: '系统管理员' });
    const row = await t.ctx.db.selectFrom('sys_user').select('password_reset').where('user_code', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.password_reset).toBe('Y');
    expect(await t.ctx.db.selectFrom('sys_two_factor').select('user_code').where('user_code', '=', 'admin').execute()).toEqual([]);
    const audits = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['action', 'target', 'result', 'user_code'])
      .where('action', 'like', 'admin.init%')
      .orderBy('seq')
      .execute();
    expect(audits.map((a) => `${a.action}:${a.target}:${a.result}`)).toEqual([
      'admin.init:admin,secadmin,auditor:denied',
      'admin.init:admin,aqgl,sjgl:ok',
      'admin.init:admin,x2,y2:denied',
      'admin.init.reset:staff:denied',
      'admin.init.reset:leader:denied',
      'admin.init.reset:admin:ok',
    ]);
    expect(new Set(audits.map((a) => a.user_code))).toEqual(new Set(['cli:test']));
  });
});
