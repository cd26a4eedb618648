import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { fullScans, recording } from '../../../test/query-plans';
import { userRow, type UserSeed } from '../../../test/user-rows';
import { readRequestVersions } from '../../core/identity/identity.repository';
import * as svc from './address-book.service';

const DIALECTS = await testDialects();
const USERS = 10_000;
const viewer = { userCode: 'admin', roleCodes: [], isAdmin: true };

const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
/** A generated member: pinyin 'jia' / 'cy' (matched by no keyword below) unless given. */
const member = (u: UserSeed) => userRow({ pinyin: 'jia', pinyin_initials: 'cy', ...u }, at);

/**
 * Issue 18: the address book at 10,000 users. Its lists, pages, counts and keyword searches (a 1–2 character
 * keyword has no index on either dialect) read the directory kept in memory per directory version: a request
 * asks the database for the version alone, and a write shows on the next request.
 */
describe.each(DIALECTS)('address book at 10,000 users on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.ctx.db;
    for (let i = 0; i < USERS; i += 500) {
      const users = Array.from({ length: 500 }, (_, k) => i + k).map((n) =>
        member({
          user_code: `ab${n}`,
          user_name: `成员${n}`,
          dept_code: `D0${(n % 8) + 1}`,
          status: n % 50 === 0 ? 'N' : 'Y',
          pinyin: `chengyuan${n}`,
          sort_no: n,
        }),
      );
      await db.insertInto('sys_user').values(users).execute();
      await db
        .insertInto('sys_user_platform')
        .values(users.map((u) => ({ user_code: u.user_code, platform_code: '1' })))
        .execute();
    }
    await (dialect === 'sqlite' ? sql`analyze` : sql`vacuum analyze`).execute(db);
  }, 120_000);
  afterAll(() => t.close());

  const calls: Array<[string, (ctx: TestApp['ctx']) => Promise<unknown>]> = [
    ['first screen', (ctx) => svc.addressBookBrief(ctx, viewer, '')],
    ['first screen, keyword', (ctx) => svc.addressBookBrief(ctx, viewer, '成员12')],
    ['pinyin initials', (ctx) => svc.addressBookList(ctx, viewer, 'zs')],
    ['one character', (ctx) => svc.addressBookList(ctx, viewer, '员')],
    ['a department page', (ctx) => svc.membersPage(ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 1, pageSize: 20 })],
    ['a deep department page', (ctx) => svc.membersPage(ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 60, pageSize: 20 })],
    ['the people picker', (ctx) => svc.usersBasic(ctx, viewer, { keyword: 'cheng' })],
  ];
  it.each(calls)('%s: asks the version alone once the directory is built', async (_name, run) => {
    const rec = recording(t.ctx.db);
    const ctx = { ...t.ctx, db: rec.db };
    expect(await run(ctx)).toBeTruthy();
    const building = rec.taken();
    // the build: the version, then the departments and the members, each read once
    expect(building.filter((q) => /"sys_user"/.test(q.sql))).toHaveLength(1);
    for (const q of building.filter((x) => /"sys_user"/.test(x.sql))) {
      // the users of the platform looked up by key per user, never the whole platform table (SQLite; PostgreSQL
      // may hash the platform table at this size)
      if (dialect === 'sqlite') expect(await fullScans(t.ctx.db, dialect, q, ['sys_user_platform']), q.sql).toEqual([]);
    }
    const before = rec.taken().length;
    expect(await run(ctx)).toBeTruthy();
    const again = rec.taken().slice(before);
    expect(again.map((q) => q.sql)).toEqual([expect.stringMatching(/"sys_directory_version"/)]);
  });

  it('counts and pages every matching member exactly', async () => {
    const depts = await svc.addressBookBrief(t.ctx, viewer, '');
    const active = await t.ctx.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_platform as p', 'p.user_code', 'u.user_code')
      .select(['u.dept_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('u.status', '=', 'Y')
      .where('p.platform_code', '=', '1')
      .groupBy('u.dept_code')
      .execute();
    for (const d of depts.filter((x) => x.deptCode))
      expect(d.memberCount, d.deptCode).toBe(Number(active.find((a) => a.dept_code === d.deptCode)?.n ?? 0));
    const page = await svc.membersPage(t.ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 60, pageSize: 20 });
    expect(page.total).toBe(depts.find((d) => d.deptCode === 'D03')?.memberCount);
    const d03 = await t.ctx.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_platform as p', 'p.user_code', 'u.user_code')
      .select('u.user_code')
      .where('u.status', '=', 'Y')
      .where('p.platform_code', '=', '1')
      .where('u.dept_code', '=', 'D03')
      .orderBy('u.sort_no')
      .orderBy('u.user_code')
      .offset(59 * 20)
      .limit(20)
      .execute();
    expect(page.list.map((m) => m.usersDeptMember.userCode)).toEqual(d03.map((u) => u.user_code));
    // '成员12' is in 成员12, 成员120…129, 成员1200…1299: the inactive ones (multiples of 50) left out
    const brief = await svc.addressBookBrief(t.ctx, viewer, '成员12');
    const expected = Array.from({ length: USERS }, (_, n) => n).filter((n) => String(n).startsWith('12') && n % 50 !== 0);
    expect(brief.reduce((n, d) => n + (d.memberCount ?? 0), 0)).toBe(expected.length);
  });

  it('shows a write on the next request, a pinyin written alone included', async () => {
    expect(await svc.usersBasic(t.ctx, viewer, { keyword: 'xinming' })).toEqual([]);
    await t.ctx.db.updateTable('sys_user').set({ pinyin: 'xinmingzi' }).where('user_code', '=', 'ab7').execute();
    expect((await svc.usersBasic(t.ctx, viewer, { keyword: 'xinming' })).map((u) => u.userCode)).toEqual(['ab7']);
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'ab7').execute();
    expect(await svc.usersBasic(t.ctx, viewer, { keyword: 'xinming' })).toEqual([]);
    await t.ctx.db.deleteFrom('sys_user_platform').where('user_code', '=', 'ab9').execute();
    expect(await svc.usersBasic(t.ctx, viewer, { keyword: '成员9' })).not.toContainEqual(expect.objectContaining({ userCode: 'ab9' }));
  });

  it('with the version the session check read, a built directory asks the database nothing', async () => {
    const rec = recording(t.ctx.db);
    const ctx = { ...t.ctx, db: rec.db };
    const { directory } = await readRequestVersions(t.ctx.db);
    expect(await svc.addressBookList(ctx, viewer, '员', undefined, directory)).toBeTruthy(); // builds
    const before = rec.taken().length;
    expect(await svc.addressBookList(ctx, viewer, 'cheng', undefined, directory)).not.toEqual([]);
    expect(await svc.addressBookBrief(ctx, viewer, '', undefined, directory)).not.toEqual([]);
    expect(
      (await svc.membersPage(ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 2, pageSize: 20 }, directory)).total,
    ).toBeGreaterThan(0);
    expect(await svc.usersBasic(ctx, viewer, { keyword: 'cheng' }, directory)).not.toEqual([]);
    expect(await svc.departments(ctx, directory)).not.toEqual([]);
    expect(rec.taken().slice(before)).toEqual([]);
  });

  it('over HTTP (the version read with the session check) a keyword’s answer shows a write on the next request', async () => {
    const token = await t.login('staff');
    const list = async (keyword: string) =>
      (await t.call('GET', '/oa/api/auth/industry/common/addressBookList', { token, query: { keyword, orgCode: 'ASSOC' } })).body.data
        .flatMap((d: { member: Array<{ usersDeptMember: { userCode: string } }> }) => d.member)
        .map((m: { usersDeptMember: { userCode: string } }) => m.usersDeptMember.userCode);
    expect(await list('huanxin')).toEqual([]);
    await t.ctx.db.updateTable('sys_user').set({ pinyin: 'huanxinming' }).where('user_code', '=', 'ab11').execute();
    expect(await list('huanxin')).toEqual(['ab11']);
    await t.ctx.db.updateTable('sys_user').set({ pinyin: 'chengyuan11' }).where('user_code', '=', 'ab11').execute();
    expect(await list('huanxin')).toEqual([]);
  });
});
