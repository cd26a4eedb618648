import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type AnyData, type TestApp } from '../../test/harness';
import { namePinyin } from '../../core/pinyin';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/industry/common';
const names = (data: AnyData[]): string[] => data.flatMap((d) => d.member.map((m: AnyData) => m.usersDeptMember.userName));

describe.each(DIALECTS)('address book on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let viewer: string;
  let admin: string;
  const list = (token: string, keyword: string) => t.call('GET', `${P}/addressBookList`, { token, query: { keyword, orgCode: 'ASSOC', platformCode: '1' } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const py = namePinyin('张三');
    await t.ctx.db.insertInto('sys_user').values({
      user_code: 'zhangsan', user_name: '张三', password_hash: 'x', mobile: '13800001234', sex: '男', icon: null, email: 'zs@assoc.org.cn', tel: '010-68519999',
      room: 'C座808', position: '专员', personal_sign: null, dept_code: 'D02', status: 'Y', password_changed_at: new Date().toISOString(), password_reset: 'N',
      birthday: null, entry_date: null, pinyin: py.full, pinyin_initials: py.initials, sort_no: 999, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
    }).execute();
    await t.ctx.db.insertInto('sys_user_platform').values({ user_code: 'zhangsan', platform_code: '1' }).execute();
    staff = await t.login('staff');
    viewer = await t.login('sunlihua'); // role 013
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('lists every department with its members when there is no keyword', async () => {
    const res = await list(staff, '');
    expect(res.body.code).toBe(0);
    const depts = res.body.data.map((d: AnyData) => d.deptName);
    expect(depts).toEqual(['办公室', '行业发展部', '会员服务部', '财务部', '人力资源部', '信息中心', '国际合作部', '党群工作部']);
    const office = res.body.data[0];
    expect(office.deptCode).toBe('D01');
    expect(office.member[0]).toMatchObject({ users: { sex: '男' }, usersDeptMember: { userCode: 'leader', userName: '王建国' }, usersContactInfo: { room: 'A座302', tel: '010-68511103' } });
  });

  it('finds 张三 by pinyin initials, full pinyin, name, phone and room; hides departments without a match', async () => {
    for (const kw of ['zs', 'zhangsan', 'ZhangSan', '张三', '68519999', 'C座808']) {
      const res = await list(staff, kw);
      expect(res.body.code, kw).toBe(0);
      expect(names(res.body.data), kw).toEqual(['张三']);
      expect(res.body.data.map((d: AnyData) => d.deptCode), kw).toEqual(['D02']);
    }
    expect(names((await list(staff, 'zh')).body.data)).toEqual(expect.arrayContaining(['张三', '张伟', '郑秀英', '赵磊', '周涛']));
    expect((await list(staff, '不存在的人')).body.data).toEqual([]);
    expect((await list(staff, '%')).body.data.length).toBe(8);
  });

  it('masks mobiles except for address viewers, administrators and oneself; matches mobiles only for them', async () => {
    const mobileOf = async (token: string) => (await list(token, 'zs')).body.data[0].member[0].usersContactInfo.mobile;
    expect(await mobileOf(staff)).toBe('138****1234');
    expect(await mobileOf(viewer)).toBe('13800001234');
    expect(await mobileOf(admin)).toBe('13800001234');
    expect((await list(staff, '00001234')).body.data).toEqual([]);
    expect(names((await list(viewer, '00001234')).body.data)).toEqual(['张三']);
    const me = await t.call('GET', `${P}/myBusinessCard`, { token: staff, query: { userCode: 'staff', platformCode: '1', orgCode: 'ASSOC' } });
    expect(me.body.data.usersContactInfo.mobile).toBe('13579704883');
  });

  it('answers a card, one person, a department and the basic list', async () => {
    const card = await t.call('GET', `${P}/myBusinessCard`, { token: staff, query: { userCode: 'leader', platformCode: '1', orgCode: 'ASSOC' } });
    expect(card.body.data).toMatchObject({
      users: { userName: '王建国', icon: null }, usersDepartment: { deptName: '办公室' },
      usersContactInfo: { personalSign: '知行合一', room: 'A座302', tel: '010-68511103', mobile: '139****2409', email: 'leader@assoc.org.cn' },
    });
    const one = await t.call('GET', `${P}/addressBook`, { token: staff, query: { userCode: 'zhangsan' } });
    expect(one.body.data.users.userName).toBe('张三');
    expect((await t.call('GET', `${P}/addressBook`, { token: staff, query: { userCode: 'nobody' } })).status).toBe(404);
    const dept = await t.call('GET', `${P}/userByDept`, { token: staff, query: { deptCode: 'D01' } });
    expect(dept.body.data.map((m: AnyData) => m.usersDeptMember.userCode)).toContain('staff');
    const basic = await t.call('GET', `${P}/usersOrgBasicList`, { token: staff, query: { keyword: 'zs' } });
    expect(basic.body.data.users).toEqual([expect.objectContaining({ userCode: 'zhangsan', deptName: '行业发展部' })]);
    expect(basic.body.data.depts.find((d: AnyData) => d.deptCode === 'D01').memberCount).toBeGreaterThan(3);
  });

  it('refuses bad input and anonymous calls', async () => {
    expect((await list(staff, 'x'.repeat(51))).status).toBe(400);
    expect((await t.call('GET', `${P}/userByDept`, { token: staff })).status).toBe(400);
    expect((await t.call('GET', `${P}/myBusinessCard`, { token: staff })).status).toBe(400);
    expect((await list('', 'zs')).status).toBe(401);
  });
});
