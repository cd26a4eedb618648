import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type AnyData, type TestApp } from '../../../test/harness';
import { namePinyin } from '../../core/search/pinyin';
import { WILD } from '../../../test/like-kit';
import { addUsers } from '../../../test/user-rows';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/industry/common';
const names = (data: AnyData[]): string[] => data.flatMap((d) => d.member.map((m: AnyData) => m.usersDeptMember.userName));

describe.each(DIALECTS)('address book on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let viewer: string;
  let admin: string;
  const list = (token: string, keyword: string) =>
    t.call('GET', `${P}/addressBookList`, { token, query: { keyword, orgCode: 'ASSOC', platformCode: '1' } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const py = namePinyin('张三');
    await addUsers(t.ctx.db, [
      {
        user_code: 'zhangsan',
        user_name: '张三',
        mobile: '13800001234',
        sex: '男',
        email: 'zs@assoc.org.cn',
        tel: '010-68519999',
        room: 'C座808',
        position: '专员',
        dept_code: 'D02',
        pinyin: py.full,
        pinyin_initials: py.initials,
        sort_no: 999,
      },
    ]);
    staff = await t.login('staff');
    viewer = await t.login('sunlihua'); // role 013
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('lists every department with its members when there is no keyword', async () => {
    const res = await list(staff, '');
    expect(res.body.code).toBe(0);
    const depts = res.body.data.map((d: AnyData) => d.deptName);
    // spec §5: with an empty keyword all departments show — top-level ones without members too
    expect(depts).toEqual(['协会', '办公室', '行业发展部', '会员服务部', '财务部', '人力资源部', '信息中心', '国际合作部', '党群工作部']);
    expect(res.body.data[0].member).toEqual([]);
    const office = res.body.data.find((d: AnyData) => d.deptCode === 'D01');
    expect(office.deptCode).toBe('D01');
    expect(office.member[0]).toMatchObject({
      users: { sex: '男' },
      usersDeptMember: { userCode: 'leader', userName: '王建国' },
      usersContactInfo: { room: 'A座302', tel: '010-68511103' },
    });
  });

  it('shows an empty top-level department with an empty keyword and hides it when searching', async () => {
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('org_dept')
      .values({ dept_code: 'D98', dept_name: '专家委员会', parent_code: null, sort_no: 900, leader_user_code: null, created_at: at })
      .execute();
    const all = (await list(staff, '')).body.data as AnyData[];
    expect(all.find((d) => d.deptCode === 'D98')).toMatchObject({ deptName: '专家委员会', member: [] });
    const found = (await list(staff, '王建国')).body.data as AnyData[];
    expect(found.map((d) => d.deptCode)).toEqual(['D01']);
  });

  it('finds 张三 by pinyin initials, full pinyin, name, phone and room; hides departments without a match', async () => {
    for (const kw of ['zs', 'zhangsan', 'ZhangSan', '张三', '68519999', 'C座808']) {
      const res = await list(staff, kw);
      expect(res.body.code, kw).toBe(0);
      expect(names(res.body.data), kw).toEqual(['张三']);
      expect(
        res.body.data.map((d: AnyData) => d.deptCode),
        kw,
      ).toEqual(['D02']);
    }
    expect(names((await list(staff, 'zh')).body.data)).toEqual(expect.arrayContaining(['张三', '张伟', '郑秀英', '赵磊', '周涛']));
    expect((await list(staff, '不存在的人')).body.data).toEqual([]);
    expect((await list(staff, '%')).body.data).toEqual([]); // matched as written: nobody's name holds a '%'
  });

  it('masks mobiles except for address viewers, administrators and oneself; matches mobiles only for them', async () => {
    const mobileOf = async (token: string) => (await list(token, 'zs')).body.data[0].member[0].usersContactInfo.mobile;
    expect(await mobileOf(staff)).toBe('138****1234');
    expect(await mobileOf(viewer)).toBe('13800001234');
    expect(await mobileOf(admin)).toBe('13800001234');
    expect((await list(staff, '00001234')).body.data).toEqual([]);
    expect(names((await list(viewer, '00001234')).body.data)).toEqual(['张三']);
    const me = await t.call('GET', `${P}/myBusinessCard`, {
      token: staff,
      query: { userCode: 'staff', platformCode: '1', orgCode: 'ASSOC' },
    });
    expect(me.body.data.usersContactInfo.mobile).toBe('13579704883');
  });

  it('answers a card, one person, a department and the basic list', async () => {
    const card = await t.call('GET', `${P}/myBusinessCard`, {
      token: staff,
      query: { userCode: 'leader', platformCode: '1', orgCode: 'ASSOC' },
    });
    expect(card.body.data).toMatchObject({
      users: { userName: '王建国', icon: null },
      usersDepartment: { deptName: '办公室' },
      usersContactInfo: {
        personalSign: '知行合一',
        room: 'A座302',
        tel: '010-68511103',
        mobile: '139****2409',
        email: 'leader@assoc.org.cn',
      },
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

  it('brief: departments with member counts only; members come page by page', async () => {
    const brief = (token: string, keyword: string) =>
      t.call('GET', `${P}/addressBookList`, { token, query: { keyword, platformCode: '1', brief: 'Y' } });
    const all = (await brief(staff, '')).body.data as AnyData[];
    const full = (await list(staff, '')).body.data as AnyData[];
    expect(all.map((d) => d.deptCode)).toEqual(full.map((d) => d.deptCode));
    expect(all.every((d) => d.member.length === 0)).toBe(true);
    expect(all.map((d) => d.memberCount)).toEqual(full.map((d) => d.member.length));
    expect((await brief(staff, 'zs')).body.data).toEqual([expect.objectContaining({ deptCode: 'D02', memberCount: 1 })]);

    const members = (q: Record<string, string>) =>
      t.call('GET', `${P}/addressBookMembers`, { token: staff, query: { platformCode: '1', ...q } });
    const office = full.find((d) => d.deptCode === 'D01');
    const p1 = (await members({ deptCode: 'D01', pageNumber: '1', pageSize: '2' })).body.data;
    const p2 = (await members({ deptCode: 'D01', pageNumber: '2', pageSize: '2' })).body.data;
    expect(p1.total).toBe(office.member.length);
    expect([...p1.list, ...p2.list].map((m: AnyData) => m.usersDeptMember.userCode)).toEqual(
      office.member.slice(0, 4).map((m: AnyData) => m.usersDeptMember.userCode),
    );
    const zs = (await members({ deptCode: 'D02', keyword: 'zhangsan' })).body.data;
    expect(zs.list.map((m: AnyData) => m.usersContactInfo.mobile)).toEqual(['138****1234']);
    expect(zs.total).toBe(1);
    expect((await members({ deptCode: 'D01', pageSize: '501' })).status).toBe(400);
    expect((await t.call('GET', `${P}/addressBookList`, { token: staff, query: { brief: 'X' } })).status).toBe(400);
  });

  it('refuses bad input and anonymous calls', async () => {
    expect((await list(staff, 'x'.repeat(51))).status).toBe(400);
    expect((await t.call('GET', `${P}/userByDept`, { token: staff })).status).toBe(400);
    expect((await t.call('GET', `${P}/myBusinessCard`, { token: staff })).status).toBe(400);
    expect((await list('', 'zs')).status).toBe(401);
  });

  it('matches % and _ in a keyword as written, names and rooms in any case', async () => {
    await addUsers(t.ctx.db, [
      { user_code: 'likeuser1', user_name: WILD.literal, room: 'B_12' },
      { user_code: 'likeuser2', user_name: WILD.lookalike, room: 'BX12' },
    ]);
    expect(names((await list(staff, WILD.literal)).body.data)).toEqual([WILD.literal]);
    expect(names((await list(staff, 'b_12')).body.data)).toEqual([WILD.literal]);
    expect((await list(staff, '%')).body.data).toEqual([]);
  });
});
