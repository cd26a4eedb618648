import { describe, expect, it } from 'vitest';
import { SEED_DEPTS, SEED_USERS, type SeedUser } from './people.data';

const deptByCode = new Map(SEED_DEPTS.map((d) => [d.deptCode, d]));
const userByCode = new Map(SEED_USERS.map((u) => [u.userCode, u]));
const dupes = (xs: string[]): string[] => xs.filter((x, i) => xs.indexOf(x) !== i);
const user = (code: string): SeedUser => {
  const u = userByCode.get(code);
  if (!u) throw new Error(`no user ${code}`);
  return u;
};

describe('SEED_DEPTS', () => {
  it('has unique codes, one root D00 and existing parents', () => {
    expect(dupes(SEED_DEPTS.map((d) => d.deptCode))).toEqual([]);
    expect(dupes(SEED_DEPTS.map((d) => d.deptName))).toEqual([]);
    expect(SEED_DEPTS.filter((d) => d.parentCode === null).map((d) => d.deptCode)).toEqual(['D00']);
    for (const d of SEED_DEPTS) if (d.parentCode !== null) expect(deptByCode.has(d.parentCode), d.deptCode).toBe(true);
    expect(deptByCode.get('D01')?.deptName).toBe('办公室');
    expect(SEED_DEPTS.length).toBeGreaterThanOrEqual(9);
  });

  it('has a leader for every department below the root, who exists, belongs to it and has role 001', () => {
    for (const d of SEED_DEPTS) {
      if (d.parentCode === null) continue;
      expect(d.leaderUserCode, d.deptCode).not.toBeNull();
      const leader = userByCode.get(d.leaderUserCode ?? '');
      expect(leader, d.deptCode).toBeDefined();
      expect(leader?.deptCode, d.deptCode).toBe(d.deptCode);
      expect(leader?.roles, d.deptCode).toContain('001');
    }
  });

  it('has exactly the department leaders as holders of role 001, one per department', () => {
    const holders = SEED_USERS.filter((u) => u.roles.includes('001'))
      .map((u) => u.userCode)
      .sort();
    const leaders = SEED_DEPTS.map((d) => d.leaderUserCode)
      .filter((c): c is string => c !== null)
      .sort();
    expect(holders).toEqual(leaders);
    expect(dupes(leaders)).toEqual([]);
  });
});

describe('SEED_USERS', () => {
  it('has 46 users with unique codes, mobiles and e-mails', () => {
    expect(SEED_USERS).toHaveLength(46);
    expect(dupes(SEED_USERS.map((u) => u.userCode))).toEqual([]);
    expect(dupes(SEED_USERS.map((u) => u.mobile))).toEqual([]);
    expect(dupes(SEED_USERS.map((u) => u.email))).toEqual([]);
  });

  it('has well-formed fields', () => {
    for (const u of SEED_USERS) {
      expect(u.userCode).toMatch(/^[a-z]+$/);
      expect(u.userName, u.userCode).toMatch(/^[\u4e00-\u9fa5]{2,5}$/);
      expect(u.mobile, u.userCode).toMatch(/^1(3|5|8)\d{9}$/);
      expect(u.tel, u.userCode).toMatch(/^010-6851\d{4}$/);
      expect(u.email, u.userCode).toBe(`${u.userCode}@assoc.org.cn`);
      expect(u.room, u.userCode).toMatch(/^[AB]座\d{3}$/);
      expect(u.personalSign.length, u.userCode).toBeGreaterThan(0);
      expect(u.position.length, u.userCode).toBeGreaterThan(0);
      for (const date of [u.birthday, u.entryDate]) {
        expect(date, u.userCode).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(date)), u.userCode).toBe(false);
      }
      expect(u.entryDate > u.birthday, u.userCode).toBe(true);
      expect(dupes(u.roles), u.userCode).toEqual([]);
    }
  });

  it('puts every user in an existing department', () => {
    for (const u of SEED_USERS) expect(deptByCode.has(u.deptCode), `${u.userCode} → ${u.deptCode}`).toBe(true);
  });

  it('has admin, leader and staff as described', () => {
    const admin = user('admin');
    expect(admin.userName).toBe('系统管理员');
    expect(deptByCode.get(admin.deptCode)?.deptName).toBe('信息中心');
    expect(admin.roles).toEqual(['admin']);
    expect([...admin.platforms].sort()).toEqual(['1', '4', '91', '92']);

    const leader = user('leader');
    expect(leader.deptCode).toBe('D01');
    expect(leader.roles).toEqual(['001']);
    expect(leader.position).toBe('办公室主任');
    expect(deptByCode.get('D01')?.leaderUserCode).toBe('leader');
    expect([...leader.platforms].sort()).toEqual(['1', '4', '91', '92']);

    const staff = user('staff');
    expect(staff.deptCode).toBe('D01');
    expect(staff.roles).toEqual([]);
    expect(staff.platforms).toEqual(['1']);
  });

  it('gives platform 19 only to the applicant, and platform 1 to everyone else', () => {
    expect(SEED_USERS.filter((u) => u.platforms.includes('19')).map((u) => u.userCode)).toEqual(['applicant']);
    const applicant = user('applicant');
    expect(applicant.deptCode).toBe('D00');
    expect(applicant.roles).toEqual([]);
    for (const u of SEED_USERS) {
      if (u.userCode === 'applicant') continue;
      expect(u.platforms, u.userCode).toContain('1');
      if (u.userCode !== 'admin' && u.userCode !== 'leader') expect(u.platforms, u.userCode).toEqual(['1']);
    }
  });

  it('spreads the 40 other staff over the departments, both sexes, with the special roles present', () => {
    const others = SEED_USERS.filter((u) => !['admin', 'secadmin', 'auditor', 'leader', 'staff', 'applicant'].includes(u.userCode));
    expect(others).toHaveLength(40);
    for (const d of SEED_DEPTS.filter((x) => x.parentCode !== null)) {
      expect(SEED_USERS.filter((u) => u.deptCode === d.deptCode).length, d.deptCode).toBeGreaterThanOrEqual(4);
    }
    expect(others.some((u) => u.sex === '男')).toBe(true);
    expect(others.some((u) => u.sex === '女')).toBe(true);
    expect(others.some((u) => u.userName.length === 2)).toBe(true);
    expect(others.some((u) => u.userName.length === 3)).toBe(true);
    for (const role of ['010', '012', '013', '014']) {
      expect(
        SEED_USERS.some((u) => u.roles.includes(role)),
        role,
      ).toBe(true);
    }
    const known = new Set(['admin', 'secadmin', 'auditadmin', '001', '010', '012', '013', '014']);
    for (const u of SEED_USERS) for (const r of u.roles) expect(known.has(r), `${u.userCode}: ${r}`).toBe(true);
  });
});
