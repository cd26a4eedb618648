import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_DN, DEPTS_DN, personDn, personLdif } from '@oa/shared/test/slapd-kit';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { sampleConfig, startSampleDirectory } from '../../../test/directory-kit';
import { deptCodeOf, ouKey, attrKey } from './sync-plan';
import { scheduledSync } from './directory-schedule';
import { runSync } from './directory-sync.service';
import { directoryEvidence } from '../../core/identity/directory-evidence';

/** Directory sync against a real OpenLDAP (slapd started here), on both dialects. */

const DIALECTS = await testDialects();
const API = '/oa/api/auth/oa/ldapSync';
const OU = (name: string, parent = DEPTS_DN) => deptCodeOf(ouKey(`ou=${name},${parent}`));

describe.each(DIALECTS)('directory sync on %s', (dialect) => {
  let t: TestApp;
  let ldap: Awaited<ReturnType<typeof startSampleDirectory>>;
  let token: string;
  beforeAll(async () => {
    ldap = await startSampleDirectory();
    t = await createTestApp(dialect, { directory: sampleConfig(ldap.url) });
    token = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
    await ldap?.stop();
  });

  const post = (action: 'preview' | 'apply') => t.call('POST', `${API}/${action}`, { token, body: {} }).then((r) => r.body);
  const state = () => t.call('GET', `${API}/state`, { token }).then((r) => r.body.data);
  const tableSizes = async () => {
    const n = async (table: 'sys_user' | 'org_dept' | 'sys_directory_user' | 'sys_directory_dept' | 'sys_session') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return [await n('sys_user'), await n('org_dept'), await n('sys_directory_user'), await n('sys_directory_dept')];
  };
  const user = (code: string) => t.ctx.db.selectFrom('sys_user').selectAll().where('user_code', '=', code).executeTakeFirst();
  const summary = (changes: Array<{ kind: string; code: string }>) => changes.map((c) => `${c.kind}:${c.code}`).sort();

  /** the person's entry of the search box (and the address book's search): its title, or undefined */
  const searchTitle = async (code: string) =>
    (await t.ctx.db.selectFrom('search_entry').select('title').where('kind', '=', 'person').where('ref_id', '=', code).executeTakeFirst())
      ?.title;

  it('previews exactly what a sync would change, paging past the server size limit, and writes nothing', async () => {
    const before = await tableSizes();
    const r = await post('preview');
    expect(r.code).toBe(0);
    const outreach = deptCodeOf(attrKey('外联部'));
    expect(summary(r.data.changes)).toEqual(
      [
        `createDept:${OU('财务部')}`,
        `createDept:${OU('会员部')}`,
        `createDept:${OU('会员一科', `ou=会员部,${DEPTS_DN}`)}`,
        `createDept:${outreach}`,
        'createUser:zhaoyun',
        'createUser:machao',
        'createUser:weiyan',
        'createUser:huangzhong',
        'skip:admin',
      ].sort(),
    );
    expect(r.data.counts).toMatchObject({ usersCreated: 4, deptsCreated: 4, skipped: 1, usersDisabled: 0 });
    expect(r.data.changes.find((c: { code: string }) => c.code === 'admin').detail).toContain('本地账号');
    expect(await tableSizes()).toEqual(before);
    const s = await state();
    expect(s.runs[0]).toMatchObject({ kind: 'preview', trigger: 'manual', status: 'ok', userName: '系统管理员' });
  });

  it('applies: creates the departments (OU tree and attribute) and the accounts, and leaves the local admin alone', async () => {
    const adminBefore = await user('admin');
    const r = await post('apply');
    expect(r.code).toBe(0);
    const zy = await user('zhaoyun');
    expect(zy).toMatchObject({
      user_name: '赵云',
      email: 'zhaoyun@assoc.test',
      mobile: '13911110001',
      dept_code: OU('财务部'),
      status: 'Y',
    });
    expect(await searchTitle('zhaoyun')).toBe('赵云');
    expect((await user('weiyan'))!.dept_code).toBe(OU('会员一科', `ou=会员部,${DEPTS_DN}`));
    expect((await user('huangzhong'))!.dept_code).toBe(deptCodeOf(attrKey('外联部')));
    const sub = await t.ctx.db
      .selectFrom('org_dept')
      .selectAll()
      .where('dept_code', '=', OU('会员一科', `ou=会员部,${DEPTS_DN}`))
      .executeTakeFirst();
    expect(sub).toMatchObject({ dept_name: '会员一科', parent_code: OU('会员部') });
    expect(await user('admin')).toEqual(adminBefore);
    const platforms = await t.ctx.db.selectFrom('sys_user_platform').select('platform_code').where('user_code', '=', 'machao').execute();
    expect(platforms.map((p) => p.platform_code)).toEqual(['1']);
    // nothing left to do
    const again = await post('preview');
    expect(summary(again.data.changes)).toEqual(['skip:admin']);
    const audit = await t.ctx.db.selectFrom('sys_audit').select(['action', 'detail']).where('action', '=', 'directory.apply').execute();
    expect(audit.map((a) => a.detail).join()).toContain('createUser:zhaoyun');
  });

  it('updates a modified entry: name, mail and mobile', async () => {
    ldap.modify(
      `dn: ${personDn({ uid: 'machao', ou: '会员部' })}\nchangetype: modify\nreplace: cn\ncn:: ${Buffer.from('马孟起').toString('base64')}\n-\nreplace: mail\nmail: mengqi@assoc.test\n-\ndelete: mobile\n`,
    );
    const preview = await post('preview');
    expect(summary(preview.data.changes)).toEqual(['skip:admin', 'updateUser:machao']);
    expect(preview.data.changes.find((c: { code: string }) => c.code === 'machao').detail).toContain('姓名 马超 → 马孟起');
    expect((await user('machao'))!.user_name).toBe('马超');
    await post('apply');
    expect(await user('machao')).toMatchObject({ user_name: '马孟起', email: 'mengqi@assoc.test', mobile: null, status: 'Y' });
    expect(await searchTitle('machao')).toBe('马孟起');

    // a new value of the department attribute: a new department, and the person moves into it
    ldap.modify(
      `dn: ${personDn({ uid: 'huangzhong' })}\nchangetype: modify\nreplace: departmentNumber\ndepartmentNumber:: ${Buffer.from('联络部').toString('base64')}\n`,
    );
    const moved = await post('preview');
    const liaison = deptCodeOf(attrKey('联络部'));
    expect(summary(moved.data.changes)).toEqual([`createDept:${liaison}`, 'skip:admin', 'updateUser:huangzhong'].sort());
    expect(moved.data.changes.find((c: { code: string }) => c.code === 'huangzhong').detail).toBe('部门 外联部 → 联络部');
    await post('apply');
    expect((await user('huangzhong'))!.dept_code).toBe(liaison);
  });

  it('disables an account removed from the directory (the record and its sessions history kept), and enables it on return', async () => {
    ldap.remove(personDn({ uid: 'huangzhong' }));
    const preview = await post('preview');
    expect(summary(preview.data.changes)).toEqual(['disableUser:huangzhong', 'skip:admin']);
    expect((await user('huangzhong'))!.status).toBe('Y');
    expect((await post('apply')).code).toBe(0);
    expect(await user('huangzhong')).toMatchObject({ status: 'N', user_name: '黄忠' });
    const link = await t.ctx.db.selectFrom('sys_directory_user').selectAll().where('user_code', '=', 'huangzhong').executeTakeFirst();
    expect(link!.present).toBe('N');
    expect(await searchTitle('huangzhong')).toBeUndefined();
    // a second sync does not disable it again
    expect(summary((await post('preview')).data.changes)).toEqual(['skip:admin']);

    ldap.add(personLdif({ uid: 'huangzhong', cn: '黄忠', password: 'x', departmentNumber: '联络部' }));
    expect(summary((await post('preview')).data.changes)).toEqual(['enableUser:huangzhong', 'skip:admin']);
    await post('apply');
    expect((await user('huangzhong'))!.status).toBe('Y');
    expect(await searchTitle('huangzhong')).toBe('黄忠');
  });

  it('never re-enables an account an administrator disabled while it is in the directory', async () => {
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'weiyan').execute();
    expect(summary((await post('preview')).data.changes)).toEqual(['skip:admin']);
    await post('apply');
    expect((await user('weiyan'))!.status).toBe('N');
    await t.ctx.db.updateTable('sys_user').set({ status: 'Y' }).where('user_code', '=', 'weiyan').execute();
  });

  it('runs one sync at a time: of two at once one runs; a lease held by another instance refuses; an expired one is taken over', async () => {
    // two asked at the same moment (through the service: two requests' own hooks could let the first finish before
    // the second claims, and then both rightly run)
    const ask = () =>
      runSync(t.ctx, { kind: 'apply', trigger: 'manual', userCode: 'admin', ip: null }).then(
        () => 'ran',
        (e: Error) => e.message,
      );
    const both = await Promise.all([ask(), ask()]);
    expect(both.filter((x) => x === 'ran')).toHaveLength(1);
    expect(both.find((x) => x !== 'ran')).toBe('另一次目录同步正在进行，请稍后再试');
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.ctx.db.updateTable('sys_directory_sync_lease').set({ holder: 'other-instance:1', expires_at: future }).execute();
    expect((await state()).running).toBe(true);
    expect((await post('apply')).message).toBe('另一次目录同步正在进行，请稍后再试');
    expect(
      await scheduledSync(
        { ...t.ctx, config: { ...t.ctx.config, directory: { ...t.ctx.config.directory!, syncMinutes: 60 } } },
        new Date(),
      ),
    ).toBe('busy');
    await t.ctx.db
      .updateTable('sys_directory_sync_lease')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await post('apply')).code).toBe(0);
    expect((await state()).running).toBe(false);
  });

  it('the schedule runs each interval once, whatever the number of instances asking', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, directory: { ...t.ctx.config.directory!, syncMinutes: 30 } } };
    const at = new Date('2031-05-01T08:10:00Z');
    expect(await scheduledSync(ctx, at)).toBe('ran');
    expect(await scheduledSync(ctx, new Date('2031-05-01T08:25:00Z'))).toBe('claimed');
    expect((await state()).runs[0]).toMatchObject({ kind: 'apply', trigger: 'schedule', status: 'ok', userName: null });
  });

  it('a directory that cannot be reached fails the run with a clear message, kept in the history', async () => {
    const url = t.ctx.config.directory!.url;
    t.ctx.config.directory!.url = 'ldap://127.0.0.1:1';
    try {
      const r = await post('preview');
      expect(r.code).not.toBe(0);
      expect(r.message).toBe('无法连接目录服务：连接被拒绝（目录服务未运行或端口不对）');
      expect((await state()).runs[0]).toMatchObject({ status: 'failed', message: r.message });
    } finally {
      t.ctx.config.directory!.url = url;
    }
  });

  it('gives the self-check its evidence: configured, the accounts, the last sync (dry runs and failures of previews left out)', async () => {
    const e = await directoryEvidence(t.ctx);
    expect(e).toMatchObject({ configured: true, url: ldap.url, accounts: { linked: 4, disabled: 0 } });
    expect(e.lastSync).toMatchObject({ trigger: 'schedule', status: 'ok', counts: { usersCreated: 0 } });
    expect(await directoryEvidence({ ...t.ctx, config: { ...t.ctx.config, directory: null } })).toMatchObject({
      configured: false,
      url: null,
    });
  });

  it('shows the configuration without the service password, and refuses others', async () => {
    const s = await state();
    expect(s).toMatchObject({ configured: true, userBase: 'dc=assoc,dc=test', deptBase: DEPTS_DN });
    expect(JSON.stringify(s)).not.toContain('reader-secret');
    const staff = await t.login('staff');
    expect((await t.call('POST', `${API}/apply`, { token: staff, body: {} })).status).toBe(403);
    expect(PEOPLE_DN).toBeTruthy();
  });
});
