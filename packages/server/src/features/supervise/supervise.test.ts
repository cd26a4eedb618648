import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superviseColor } from '@oa/shared/contract/supervise';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { WILD } from '../../../test/like-kit';
import { multipartBody, rawGet, TINY_PNG } from '../../../test/upload-kit';
import { ROLE } from '@oa/shared/constants';
import * as svc from './supervise.service';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/supervise';
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('superviseColor', () => {
  const t = { status: 'doing', progress: 50, startDate: '2026-11-01', dueDate: '2026-11-30' };
  it('is blue within 3 days, yellow when behind, red when overdue, none when closed', () => {
    expect(superviseColor(t, new Date('2026-11-05T12:00:00+08:00'))).toBe('none');
    expect(superviseColor(t, new Date('2026-11-25T12:00:00+08:00'))).toBe('yellow');
    expect(superviseColor({ ...t, progress: 95 }, new Date('2026-11-28T12:00:00+08:00'))).toBe('blue');
    expect(superviseColor({ ...t, progress: 95 }, new Date('2026-11-30T23:59:59+08:00'))).toBe('blue');
    // the due day ends at midnight in China, 16:00 UTC
    expect(superviseColor(t, new Date('2026-12-01T00:00:01+08:00'))).toBe('red');
    expect(superviseColor({ ...t, status: 'closed' }, new Date('2026-12-05T00:00:00+08:00'))).toBe('none');
  });
});

describe.each(DIALECTS)('supervision on %s', (dialect) => {
  let t: TestApp;
  let leader: string;
  let staff: string;
  let other: string;
  let id: string;
  const due = ymd(Date.now() + 10 * DAY);
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [leader, staff, other] = await Promise.all([t.login('leader'), t.login('staff'), t.login('xuming')]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('assigns a task from a source; bad input is a 400 naming the field; staff cannot assign', async () => {
    const body = {
      title: '落实会议决议',
      content: '按决议完成方案',
      sourceType: 'meeting',
      sourceId: 'm1',
      sourceTitle: '办公会',
      sourceLink: '/meeting/detail?id=m1',
      leadDept: 'D01',
      ownerUser: 'staff',
      assistDepts: ['D02'],
      dueDate: due,
      subtasks: [{ title: '起草方案', deptCode: 'D02', ownerUser: 'zhangwei', dueDate: due }],
    };
    const bad = await t.call('POST', `${P}/task`, { token: leader, body: { ...body, dueDate: '2026/1/1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('dueDate');
    const badOwner = await t.call('POST', `${P}/task`, { token: leader, body: { ...body, ownerUser: 'ghost' } });
    expect(badOwner.status).toBe(400);
    expect(badOwner.body.data).toEqual({ field: 'ownerUser' });
    expect((await t.call('POST', `${P}/task`, { token: staff, body })).status).toBe(403);
    const ok = await t.call('POST', `${P}/task`, { token: leader, body });
    expect(ok.body.code).toBe(0);
    id = ok.body.data.task.id;
    expect(ok.body.data.task.sourceLink).toBe('/meeting/detail?id=m1');
    const list = await t.call('GET', `${P}/list`, { token: staff, query: { scope: 'exec' } });
    expect(list.body.data.list.map((x: { id: string }) => x.id)).toContain(id);
    expect((await t.call('GET', `${P}/task`, { token: other, query: { id } })).status).toBe(403);
  });

  it('is accepted once (two at once: one wins), reported at 50%, turns red when overdue, and is closed', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', `${P}/accept`, { token: staff, body: { id } }),
      t.call('POST', `${P}/accept`, { token: staff, body: { id } }),
    ]);
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
    expect((await t.call('POST', `${P}/progress`, { token: staff, body: { id, percent: 150, content: 'x' } })).body.data.field).toBe(
      'percent',
    );
    expect((await t.call('POST', `${P}/progress`, { token: staff, body: { id, percent: 50, content: '方案已完成一半' } })).body.code).toBe(
      0,
    );
    const detail = await t.call('GET', `${P}/task`, { token: leader, query: { id } });
    expect(detail.body.data.task.progress).toBe(50);
    expect(detail.body.data.task.color).toBe('none');
    // the clock moves past the due date
    const later = new Date(Date.now() + 12 * DAY);
    const red = await svc.list(
      t.ctx,
      { userCode: 'leader', isAdmin: false, canManage: true },
      { pageNumber: 1, pageSize: 50, scope: 'all', color: 'red' },
      later,
    );
    expect(red.list.map((x) => x.id)).toContain(id);
    const reminded = await svc.runReminders(t.ctx, later);
    expect(reminded).toBeGreaterThan(0);
    const urges = await t.ctx.db
      .selectFrom('wf_notification')
      .select(['user_code', 'kind'])
      .where('record_id', '=', id)
      .where('kind', '=', 'urge')
      .execute();
    expect(urges.map((u) => u.user_code)).toContain('staff');
    expect(await svc.runReminders(t.ctx, later)).toBe(0); // once a day
    expect((await t.call('POST', `${P}/review`, { token: staff, body: { id, action: 'close' } })).status).toBe(403);
    const close = await t.call('POST', `${P}/review`, { token: leader, body: { id, action: 'close', comment: '办结' } });
    expect(close.body.code).toBe(0);
    expect((await t.call('GET', `${P}/task`, { token: staff, query: { id } })).body.data.task.status).toBe('closed');
  });

  it("a report's private attachment is read by the task's readers (supervisor, any 督办 manager), not by others", async () => {
    const { body, headers } = multipartBody({ name: '进展材料.png', content: TINY_PNG, type: 'image/png' });
    const up = await t.call('POST', `${P}/upload`, { token: staff, body, headers });
    expect(up.body.code).toBe(0);
    const fileId = up.body.data.fileId as string;
    const made = await t.call('POST', `${P}/task`, {
      token: leader,
      body: {
        title: '附件可读范围',
        content: '核对附件',
        sourceType: 'leader',
        leadDept: 'D01',
        ownerUser: 'staff',
        assistDepts: [],
        subtasks: [],
        dueDate: due,
      },
    });
    const task = made.body.data.task.id as string;
    expect((await t.call('POST', `${P}/accept`, { token: staff, body: { id: task } })).body.code).toBe(0);
    const report = await t.call('POST', `${P}/progress`, {
      token: staff,
      body: { id: task, percent: 30, content: '附材料', fileIds: [fileId] },
    });
    expect(report.body.code).toBe(0);
    const managers = await t.ctx.db.selectFrom('sys_user_role').select('user_code').where('role_code', '=', ROLE.DEPT_LEADER).execute();
    const manager = managers.map((m) => m.user_code).find((u) => u !== 'leader' && u !== 'staff');
    expect(manager).toBeTruthy();
    const download = async (token: string) =>
      (await rawGet(t, `/oa/api/auth/base/system/file/download?fileId=${fileId}`, token)).statusCode;
    expect(await download(leader)).toBe(200);
    expect(await download(await t.login(manager!))).toBe(200);
    expect(await download(other)).toBe(403);
  });

  it("dates a task assigned at 05:31 China time (21:31 UTC the day before) with China's date", async () => {
    const at = new Date('2027-03-01T21:31:00Z'); // a fake clock: 2027-03-02 05:31 in China
    const leaderView = { userCode: 'leader', isAdmin: false, canManage: true };
    const body = { title: '清晨交办', content: '早上交办的事项', sourceType: 'leader' as const, leadDept: 'D01', ownerUser: 'staff' };
    const audit = async () => undefined; // the route's audit row is not what this test is about
    const made = await svc.create(t.ctx, leaderView, { ...body, assistDepts: [], subtasks: [], dueDate: '2027-03-02' }, at, audit);
    expect(made.task.startDate).toBe('2027-03-02');
    const shown = await t.call('GET', `${P}/task`, { token: leader, query: { id: made.task.id } });
    expect(shown.body.data.task.startDate).toBe('2027-03-02');
    // the day before, in China, is past
    const past = svc.create(t.ctx, leaderView, { ...body, assistDepts: [], subtasks: [], dueDate: '2027-03-01' }, at, audit);
    await expect(past).rejects.toMatchObject({ message: '办结期限不能早于今天' });
  });

  it('shows on-time rates by department to managers only', async () => {
    const s = await t.call('GET', `${P}/stats`, { token: leader });
    expect(s.body.data.find((x: { deptCode: string }) => x.deptCode === 'D01').closed).toBe(1);
    expect((await t.call('GET', `${P}/stats`, { token: staff })).status).toBe(403);
  });

  it('the list keyword matches % and _ as written', async () => {
    for (const title of [WILD.literal, WILD.lookalike]) {
      const body = { title, content: '内容', sourceType: 'meeting', leadDept: 'D01', ownerUser: 'staff', dueDate: due };
      expect((await t.call('POST', `${P}/task`, { token: leader, body })).body.code).toBe(0);
    }
    const titles = async (keyword: string) =>
      (await t.call('GET', `${P}/list`, { token: staff, query: { scope: 'exec', keyword } })).body.data.list.map(
        (x: { title: string }) => x.title,
      );
    expect(await titles(WILD.literal)).toEqual([WILD.literal]);
    expect(await titles('%')).toEqual([]);
  });
});
