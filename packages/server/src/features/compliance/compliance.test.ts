import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLIANCE_STATES, type ComplianceReport } from '@oa/shared/contract/compliance';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-read';
import { hashStoredPassword } from '../../core/identity/password';
import { registerComplianceControl } from '../../core/ports/compliance-port';
import { CONTROLS } from './compliance.controls';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/compliance';

describe.each(DIALECTS)('等保 self-check on %s', (dialect) => {
  let t: TestApp;
  let auditor: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    auditor = await t.login('auditor');
  });
  afterAll(async () => t?.close());

  const report = async () => {
    const res = await t.call('GET', `${P}/report`, { token: auditor });
    expect(res.status).toBe(200);
    return res.body.data as ComplianceReport;
  };
  const control = async (id: string) => (await report()).controls.find((c) => c.id === id)!;

  it('answers a state and evidence for every control of the registry, to the audit administrator only', async () => {
    const r = await report();
    expect(r.controls.map((c) => c.id)).toEqual(CONTROLS.map((c) => c.id));
    expect(new Set(r.controls.map((c) => c.id)).size).toBe(r.controls.length);
    expect(new Set(r.controls.map((c) => c.category))).toEqual(
      new Set(['身份鉴别', '访问控制', '安全审计', '剩余信息保护', '个人信息保护']),
    );
    for (const c of r.controls) {
      expect(COMPLIANCE_STATES, c.id).toContain(c.state);
      expect(c.clause, c.id).toMatch(/^8\.1\.\d+/);
      expect(c.evidence.length, c.id).toBeGreaterThan(0);
    }
    expect(r.summary.pass + r.summary.partial + r.summary.fail).toBe(r.controls.length);
    expect(r.association).toBe(t.config.orgName);
    for (const who of ['admin', 'secadmin', 'staff'])
      expect((await t.call('GET', `${P}/report`, { token: await t.login(who) })).status, who).toBe(403);
  });

  it('reads its states from the database: demo passwords, a doubled administrator, an audit row', async () => {
    // the demo seed: its accounts still have the demo password; the three administrators are staffed apart
    expect((await control('default-accounts')).state).toBe('fail');
    expect((await control('three-admins')).state).toBe('pass');
    expect((await control('three-admins')).evidence).toContainEqual({ label: '审计管理员（auditadmin）', value: '1 人' });

    const other = await hashStoredPassword(hashPassword('Zx@98765432'));
    await t.ctx.db.updateTable('sys_user').set({ password_hash: other }).where('user_code', 'in', ['admin', 'leader', 'staff']).execute();
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', 'in', ['secadmin']).execute();
    const d = await control('default-accounts');
    expect(d.evidence).toContainEqual({ label: '仍使用默认口令的账号', value: 'auditor' });

    // written behind the rules' back (the server refuses it): the self-check names the account
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'leader', role_code: 'secadmin' }).execute();
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'leader', role_code: 'admin' }).execute();
    const three = await control('three-admins');
    expect(three.state).toBe('fail');
    expect(three.evidence).toContainEqual({ label: '兼任两种管理员的账号', value: 'leader' });
    await t.ctx.db.insertInto('sys_role_function').values({ role_code: '013', fun_code: 'sys_role:grant' }).execute();
    expect((await control('least-privilege')).state).toBe('fail');
  });

  it('takes a registered control in place of the declared one of its id', async () => {
    registerComplianceControl(t.ctx, {
      id: 'two-factor',
      category: '身份鉴别',
      clause: '8.1.4.1 d)',
      title: '双因素鉴别',
      requirement: '两种以上鉴别技术',
      check: async () => ({ state: 'partial', evidence: [{ label: '已启用双因素的管理员', value: '2 / 3' }] }),
    });
    const r = await report();
    expect(r.controls.map((c) => c.id)).toEqual(CONTROLS.map((c) => c.id));
    expect(r.controls.find((c) => c.id === 'two-factor')).toMatchObject({ state: 'partial', evidence: [{ value: '2 / 3' }] });
  });

  it('exports the report as a PDF with every control, and audits the export', async () => {
    const res = await t.call('GET', `${P}/pdf`, { token: auditor });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.raw).replace(/\s+/g, '');
    expect(text).toContain('等级保护');
    expect(text).toContain(t.config.orgName);
    for (const c of CONTROLS) expect(text, c.id).toContain(c.title.replace(/\s+/g, ''));
    for (const label of ['达标', '未达标']) expect(text).toContain(label);
    const audit = await t.ctx.db
      .selectFrom('sys_audit')
      .select(['user_code', 'result'])
      .where('action', '=', 'compliance.export')
      .execute();
    expect(audit).toEqual([{ user_code: 'auditor', result: 'ok' }]);
    expect((await t.call('GET', `${P}/pdf`, { token: await t.login('admin', 'Zx@98765432') })).status).toBe(403);
  });
});
