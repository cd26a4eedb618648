import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { COUNT_CAP } from '@oa/shared/contract/envelope';
import { fullScans, recording } from '../../../test/query-plans';
import { userRow, type UserSeed } from '../../../test/user-rows';
import * as svc from './address-book.service';

const DIALECTS = await testDialects();
const USERS = 10_000;
const TABLES = ['sys_user', 'sys_user_platform'] as const;
const viewer = { userCode: 'admin', roleCodes: [], isAdmin: true };

const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
/** A generated member: pinyin 'jia' / 'cy' (matched by no keyword below) unless given. */
const member = (u: UserSeed) => userRow({ pinyin: 'jia', pinyin_initials: 'cy', ...u }, at);

/** Issue 18: the address book's first screen and department pages read bounded index ranges at 10,000 users. */
describe.each(DIALECTS)('address book plans on %s', (dialect) => {
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
    ['a department page', (ctx) => svc.membersPage(ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 1, pageSize: 20 })],
    ['a deep department page', (ctx) => svc.membersPage(ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 60, pageSize: 20 })],
  ];
  it.each(calls)('%s: bounded reads, no full scan of sys_user / sys_user_platform (SQLite)', async (_name, run) => {
    const rec = recording(t.ctx.db);
    expect(await run({ ...t.ctx, db: rec.db })).toBeTruthy();
    const queries = rec.taken();
    expect(queries.length).toBeGreaterThan(0);
    for (const cq of queries) {
      // every read of users is bounded: a page, or a count of at most COUNT_CAP + 1 rows
      if (/"sys_user"/.test(cq.sql)) expect(cq.sql, cq.sql).toMatch(/ limit (\?|\$\d+)/);
      // SQLite reads index ranges and looks each user's platform up by key. PostgreSQL at 10,000 users
      // prefers hashing the platform table (about as many rows as the capped count reads): not checked there.
      if (dialect === 'sqlite') expect(await fullScans(t.ctx.db, dialect, cq, TABLES), cq.sql).toEqual([]);
    }
  });

  it('the first screen counts each department, and says when counting stopped', async () => {
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
    expect(depts.some((d) => d.memberCountCapped)).toBe(false);
    const page = await svc.membersPage(t.ctx, viewer, { deptCode: 'D03', keyword: '', pageNumber: 1, pageSize: 20 });
    expect(page.total).toBe(depts.find((d) => d.deptCode === 'D03')?.memberCount);
    // one more generated department of users past the cap: the counts become lower bounds
    await t.ctx.db
      .insertInto('sys_user')
      .values(
        Array.from({ length: 400 }, (_, n) => member({ user_code: `cap${n}`, user_name: `加${n}`, dept_code: 'D01', sort_no: 20_000 + n })),
      )
      .execute();
    await t.ctx.db
      .insertInto('sys_user_platform')
      .values(Array.from({ length: 400 }, (_, n) => ({ user_code: `cap${n}`, platform_code: '1' })))
      .execute();
    const capped = await svc.addressBookBrief(t.ctx, viewer, '');
    expect(capped.every((d) => d.memberCountCapped)).toBe(true);
    expect(capped.reduce((n, d) => n + (d.memberCount ?? 0), 0)).toBeGreaterThanOrEqual(COUNT_CAP);
  });
});
