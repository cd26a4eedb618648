import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { EXCHANGE_API } from '@oa/shared/contract/exchange';
import { MEMBER_UNIT_API } from '@oa/shared/contract/member-units';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { m132MemberUnits } from '../../db/migrations/132-member-units';

/** 成员单位 (issue 37): the register of member units and their contacts, kept by the document administrators. */
const DIALECTS = await testDialects();
const A = (p: string) => `/oa${p}`;
const USER_INFO = '/oa/api/auth/base/system/user/info';

describe.each(DIALECTS)('member units on %s', (dialect) => {
  let t: TestApp;
  let clerk: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    clerk = await t.login('zhaolei');
  });
  afterAll(async () => {
    await t?.close();
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });
  const auditRows = (action: string, target: string) =>
    t.ctx.db
      .selectFrom('sys_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('action', '=', action)
      .where('target', '=', target)
      .execute();

  it('the seeded contacts keep no plain mobile: sealed with its keyed hash', async () => {
    const rows = await t.ctx.db
      .selectFrom('sys_user')
      .select(['user_code', 'mobile', 'mobile_sealed', 'mobile_hash'])
      .where('user_code', 'in', ['unithb', 'unithd'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.mobile).toBeNull();
      expect(r.mobile_sealed).toBeTruthy();
      expect(r.mobile_sealed).not.toContain('1391023');
      expect(r.mobile_hash).toMatch(/^[0-9a-f]{16,}$/);
    }
    const list = await t.call('GET', A(MEMBER_UNIT_API.contacts), { token: clerk, query: { unitId: 'MU01' } });
    expect(list.body.data).toEqual([expect.objectContaining({ userCode: 'unithb', mobile: '13910230001', enabled: 'Y' })]);
  });

  it('migration 132 seals a contact’s plain mobile (idempotent, the page and its grant kept once)', async () => {
    const db = t.ctx.db;
    await db
      .updateTable('sys_user')
      .set({ mobile: '13910230002', mobile_sealed: null, mobile_hash: null })
      .where('user_code', '=', 'unithd')
      .execute();
    await m132MemberUnits.up(db, dialect, t.ctx.fieldKeys);
    await m132MemberUnits.up(db, dialect, t.ctx.fieldKeys);
    const r = await db
      .selectFrom('sys_user')
      .select(['mobile', 'mobile_sealed'])
      .where('user_code', '=', 'unithd')
      .executeTakeFirstOrThrow();
    expect(r.mobile).toBeNull();
    expect(r.mobile_sealed).toBeTruthy();
    const grants = await db.selectFrom('sys_role_function').select('role_code').where('fun_code', '=', 'doc_member_unit').execute();
    expect(grants.map((g) => g.role_code)).toEqual(['doc_clerk']);
    const staff = await db.selectFrom('sys_user').select('mobile').where('user_code', '=', 'wangfang').executeTakeFirstOrThrow();
    expect(staff.mobile).toBeTruthy();
  });

  it('a staff member without the function is refused, and changes nothing', async () => {
    const staff = await t.login('wangfang');
    expect((await t.call('GET', A(MEMBER_UNIT_API.list), { token: staff })).status).toBe(403);
    const add = await t.call('POST', A(MEMBER_UNIT_API.save), { token: staff, body: { code: 'XX01', name: '不应出现的单位' } });
    expect(add.status).toBe(403);
    expect(await t.ctx.db.selectFrom('doc_member_unit').select('id').where('code', '=', 'XX01').executeTakeFirst()).toBeUndefined();
  });

  it('units: add, edit, duplicate code or name refused naming the field, bad input in Chinese, disable', async () => {
    const add = await t.call('POST', A(MEMBER_UNIT_API.save), {
      token: clerk,
      body: { code: 'XB01', name: '中国行业协会西北分会', sortNo: 5 },
    });
    expect(add.body.code, add.body.message).toBe(0);
    const id = add.body.data.id as string;
    const dupName = await t.call('POST', A(MEMBER_UNIT_API.save), { token: clerk, body: { code: 'XB02', name: '中国行业协会华北分会' } });
    expect(dupName.status).toBe(400);
    expect(dupName.body.message).toContain('单位名称');
    const dupCode = await t.call('POST', A(MEMBER_UNIT_API.save), {
      token: clerk,
      body: { id, code: 'HB01', name: '中国行业协会西北分会' },
    });
    expect(dupCode.status).toBe(400);
    expect(dupCode.body.message).toContain('单位编码');
    const empty = await t.call('POST', A(MEMBER_UNIT_API.save), { token: clerk, body: { code: 'XB03', name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请输入单位名称');
    const edit = await t.call('POST', A(MEMBER_UNIT_API.save), {
      token: clerk,
      body: { id, code: 'XB01', name: '中国行业协会西北地区分会', sortNo: 5 },
    });
    expect(edit.body.code).toBe(0);
    const list = await t.call('GET', A(MEMBER_UNIT_API.list), { token: clerk });
    expect(list.body.data.map((u: { name: string }) => u.name)).toContain('中国行业协会西北地区分会');
    expect(list.body.data.filter((u: { code: string }) => u.code.startsWith('XB'))).toHaveLength(1);
    const [audit] = await auditRows('memberUnit.update', id);
    expect(JSON.parse(audit.before_json!).name).toBe('中国行业协会西北分会');
    expect(JSON.parse(audit.after_json!).name).toBe('中国行业协会西北地区分会');

    const off = await t.call('POST', A(MEMBER_UNIT_API.status), { token: clerk, body: { id, enabled: 'N' } });
    expect(off.body.code).toBe(0);
    const offered = await t.call('GET', A(EXCHANGE_API.units), { token: clerk });
    expect(offered.body.data.map((u: { id: string }) => u.id)).not.toContain(id);
    expect(
      (await t.call('GET', A(MEMBER_UNIT_API.list), { token: clerk })).body.data.find((u: { id: string }) => u.id === id).enabled,
    ).toBe('N');
  });

  it('a new contact: sealed mobile, a one-time password that logs in to the unit area and must be changed', async () => {
    const unit = await t.call('POST', A(MEMBER_UNIT_API.save), { token: clerk, body: { code: 'HN01', name: '中国行业协会华南分会' } });
    const unitId = unit.body.data.id as string;
    const body = { unitId, userCode: 'unithn', userName: '林晓文', mobile: '13910239999', email: 'unithn@member.org.cn' };
    const badMobile = await t.call('POST', A(MEMBER_UNIT_API.contactSave), { token: clerk, body: { ...body, mobile: '12345' } });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.message).toContain('手机号码');
    const taken = await t.call('POST', A(MEMBER_UNIT_API.contactSave), { token: clerk, body: { ...body, mobile: '13910230001' } });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toContain('手机号码');
    const staffCode = await t.call('POST', A(MEMBER_UNIT_API.contactSave), { token: clerk, body: { ...body, userCode: 'staff' } });
    expect(staffCode.body.message).toContain('登录账号');
    expect(await t.ctx.db.selectFrom('sys_user').select('user_code').where('user_code', '=', 'unithn').executeTakeFirst()).toBeUndefined();

    const made = await t.call('POST', A(MEMBER_UNIT_API.contactSave), { token: clerk, body });
    expect(made.body.code, made.body.message).toBe(0);
    const password = made.body.data.password as string;
    expect(password).toMatch(/^.{16}$/);
    const row = await t.ctx.db.selectFrom('sys_user').selectAll().where('user_code', '=', 'unithn').executeTakeFirstOrThrow();
    expect(row.mobile).toBeNull();
    expect(row.mobile_sealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain('13910239999');
    expect(row.password_reset).toBe('Y');
    const [audit] = await auditRows('memberUnit.contact.create', 'unithn');
    expect(audit.after_json).not.toContain('13910239999');
    expect(audit.after_json).not.toContain(password);

    const login = await t.call('POST', '/oa/api/base/browserLogin', { body: { username: 'unithn', password: hashPassword(password) } });
    expect(login.body.code, login.body.message).toBe(0);
    expect(login.body.data.needChangePass).toBe(true);
    const token = login.body.data.token as string;
    expect((await t.call('GET', A(EXCHANGE_API.unitDocs), { token })).body.data.unitName).toBe('中国行业协会华南分会');
    const changed = await t.call('PUT', '/oa/api/auth/base/system/changePassword', {
      token,
      body: { userCode: 'unithn', oldPassword: hashPassword(password), password: hashPassword('Hn@20261129') },
    });
    expect(changed.body.code, changed.body.message).toBe(0);
    const again = await t.call('POST', '/oa/api/base/browserLogin', {
      body: { username: 'unithn', password: hashPassword('Hn@20261129') },
    });
    expect(again.body.data.needChangePass).toBe(false);

    // edited: the mobile stays sealed; the list opens it for the administrator
    const edit = await t.call('POST', A(MEMBER_UNIT_API.contactSave), {
      token: clerk,
      body: { ...body, existing: true, mobile: '13910238888' },
    });
    expect(edit.body.code, edit.body.message).toBe(0);
    expect(edit.body.data.password).toBeNull();
    const after = await t.ctx.db
      .selectFrom('sys_user')
      .select(['mobile', 'mobile_sealed'])
      .where('user_code', '=', 'unithn')
      .executeTakeFirstOrThrow();
    expect(after.mobile).toBeNull();
    const contacts = await t.call('GET', A(MEMBER_UNIT_API.contacts), { token: clerk, query: { unitId } });
    expect(contacts.body.data).toEqual([expect.objectContaining({ userCode: 'unithn', mobile: '13910238888', passwordReset: false })]);
  });

  it('disabling a contact ends his session; a reset answers a new one-time password; staff are never reached', async () => {
    const unit = await t.call('POST', A(MEMBER_UNIT_API.save), { token: clerk, body: { code: 'XN01', name: '中国行业协会西南分会' } });
    const unitId = unit.body.data.id as string;
    const made = await t.call('POST', A(MEMBER_UNIT_API.contactSave), {
      token: clerk,
      body: { unitId, userCode: 'unitxn', userName: '杨帆', mobile: '13910237777' },
    });
    const token = await t.login('unitxn', made.body.data.password);
    expect((await t.call('GET', USER_INFO, { token })).status).toBe(200);
    const off = await t.call('POST', A(MEMBER_UNIT_API.contactStatus), { token: clerk, body: { userCode: 'unitxn', enabled: 'N' } });
    expect(off.body.code, off.body.message).toBe(0);
    expect(off.body.data.revoked).toBe(1);
    expect((await t.call('GET', USER_INFO, { token })).status).toBe(401);
    await expect(t.login('unitxn', made.body.data.password)).rejects.toThrow();

    await t.call('POST', A(MEMBER_UNIT_API.contactStatus), { token: clerk, body: { userCode: 'unitxn', enabled: 'Y' } });
    const reset = await t.call('POST', A(MEMBER_UNIT_API.contactReset), { token: clerk, body: { userCode: 'unitxn' } });
    expect(reset.body.code).toBe(0);
    expect(reset.body.data.password).not.toBe(made.body.data.password);
    await expect(t.login('unitxn', made.body.data.password)).rejects.toThrow();
    expect(await t.login('unitxn', reset.body.data.password)).toBeTruthy();
    expect(await auditRows('memberUnit.contact.resetPassword', 'unitxn')).toHaveLength(1);

    // a staff account is no unit's contact: neither disabled nor reset from here
    const staff = await t.call('POST', A(MEMBER_UNIT_API.contactStatus), { token: clerk, body: { userCode: 'wangfang', enabled: 'N' } });
    expect(staff.status).toBe(404);
    expect((await t.call('POST', A(MEMBER_UNIT_API.contactReset), { token: clerk, body: { userCode: 'wangfang' } })).status).toBe(404);
    const w = await t.ctx.db.selectFrom('sys_user').select('status').where('user_code', '=', 'wangfang').executeTakeFirstOrThrow();
    expect(w.status).toBe('Y');
  });
});
