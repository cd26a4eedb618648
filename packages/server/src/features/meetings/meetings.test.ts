import { chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { MEETING_API } from '@oa/shared/contract/meetings';
import { WILD } from '../../../test/like-kit';
import { m092CheckedInAttends } from '../../db/migrations/092-checked-in-attends';
import { releaseNoShows } from './meetings.service';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;
const DAY = 86_400_000;
/** A local (UTC+8) time `days` from today at hour h — far from the seeded week. */
const at = (days: number, h: number, m = 0) => {
  const midnight = Date.parse(chinaInstant(chinaDate()));
  return new Date(midnight + days * DAY + h * 3_600_000 + m * 60_000).toISOString();
};

describe.each(DIALECTS)('meetings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let leader: string;
  let rooms: Array<{ id: number; name: string; needApproval: string }>;
  const plain = () => rooms.find((r) => r.needApproval === 'N')!;
  const book = (token: string, body: Record<string, unknown>) =>
    t.call('POST', P(MEETING_API.insert), { token, body: { title: '测试会议', meetingType: '专题会议', roomId: plain().id, ...body } });
  /** A room without approval that nothing holds in [start, end): the seed books rooms around today's hours. */
  const freeRoom = async (startTime: string, endTime: string): Promise<number> => {
    const free = (await t.call('GET', P(MEETING_API.freeRooms), { token: staff, query: { startTime, endTime } })).body.data as Array<{
      id: number;
    }>;
    const room = free.find((f) => rooms.some((r) => r.id === f.id && r.needApproval === 'N'));
    if (!room) throw new Error(`no free room from ${startTime} to ${endTime}`);
    return room.id;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, staff, leader] = await Promise.all([t.login('admin'), t.login('staff'), t.login('leader')]);
    rooms = (await t.call('GET', P(MEETING_API.rooms), { token: staff })).body.data;
  });
  afterAll(async () => t?.close());

  it('books a room and refuses an overlapping booking, naming the clashing meeting', async () => {
    const a = await book(staff, { title: '季度总结会', startTime: at(20, 9), endTime: at(20, 11) });
    expect(a.body.code).toBe(0);
    expect(a.body.data.status).toBe('approved');
    const b = await book(leader, { title: '另一个会', startTime: at(20, 10), endTime: at(20, 12) });
    expect(b.status).toBe(200);
    expect(b.body.code).not.toBe(0);
    expect(b.body.message).toContain('季度总结会');
    expect(b.body.data.clashes).toHaveLength(1);
    // back to back is fine
    expect((await book(leader, { startTime: at(20, 11), endTime: at(20, 12) })).body.code).toBe(0);
    // cancelled bookings never block
    expect((await t.call('DELETE', P(MEETING_API.remove), { token: staff, body: { id: a.body.data.ids[0] } })).body.code).toBe(0);
    expect((await book(leader, { startTime: at(20, 10), endTime: at(20, 11) })).body.code).toBe(0);
  });

  it('answers bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await t.call('GET', P(MEETING_API.list), { token: staff, query: { view: 'mine', pageSize: '500' } })).body.data.total;
    const r1 = await book(staff, { startTime: at(21, 11), endTime: at(21, 10) });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toContain('结束时间');
    const r2 = await book(staff, { title: '', startTime: at(21, 9), endTime: at(21, 10) });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toContain('会议主题');
    const r3 = await t.call('POST', P(MEETING_API.insert), {
      token: staff,
      body: { title: 'x', meetingType: '专题会议', roomId: 'abc', startTime: at(21, 9), endTime: at(21, 10) },
    });
    expect(r3.status).toBe(400);
    const r4 = await book(staff, { startTime: at(21, 9), endTime: at(21, 10), invitees: ['nobody_here'] });
    expect(r4.status).toBe(400);
    expect(r4.body.message).toContain('nobody_here');
    const past = await book(staff, { startTime: at(-5, 9), endTime: at(-5, 10) });
    expect(past.body.code).not.toBe(0);
    expect(past.body.message).toContain('过去');
    expect((await t.call('GET', P(MEETING_API.freeRooms), { token: staff, query: { startTime: 'x', endTime: at(1, 1) } })).status).toBe(
      400,
    );
    const after = (await t.call('GET', P(MEETING_API.list), { token: staff, query: { view: 'mine', pageSize: '500' } })).body.data.total;
    expect(after).toBe(before);
  });

  it('lets nobody but the organiser (or a manager) change or cancel a booking', async () => {
    const a = await book(staff, { title: '刘小雨的会', startTime: at(22, 9), endTime: at(22, 10) });
    const id = a.body.data.ids[0];
    const upd = { id, title: '改名', meetingType: '专题会议', roomId: plain().id, startTime: at(22, 9), endTime: at(22, 10) };
    expect((await t.call('PUT', P(MEETING_API.update), { token: leader, body: upd })).status).toBe(403);
    expect((await t.call('DELETE', P(MEETING_API.remove), { token: leader, body: { id } })).status).toBe(403);
    // a leader who is not invited cannot read its details either
    expect((await t.call('GET', P(MEETING_API.get), { token: leader, query: { id: String(id) } })).status).toBe(403);
    const own = await t.call('PUT', P(MEETING_API.update), { token: staff, body: { ...upd, startTime: at(22, 14), endTime: at(22, 15) } });
    expect(own.body.code).toBe(0);
    const got = await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(id) } });
    expect(got.body.data.title).toBe('改名');
    expect(got.body.data.startTime).toBe(at(22, 14));
    expect((await t.call('PUT', P(MEETING_API.update), { token: admin, body: { ...upd, title: '管理员改' } })).body.code).toBe(0);
  });

  it('20 concurrent bookings of one slot: exactly one wins', async () => {
    const tokens = await Promise.all(['chenjing', 'zhaolei', 'sunlihua', 'zhoutao'].map((u) => t.login(u)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(tokens[i % tokens.length], { title: `抢会议室${i}`, startTime: at(23, 9), endTime: at(23, 10) }),
      ),
    );
    expect(results.map((r) => `${r.status}:${r.body.message}`).filter((x) => !x.startsWith('200'))).toEqual([]);
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cal = await t.call('GET', P(MEETING_API.list), {
      token: staff,
      query: { view: 'calendar', from: at(23, 0), to: at(24, 0), roomId: String(plain().id) },
    });
    expect(cal.body.data.total).toBe(1);
  });

  it('checks every occurrence of a series, lists the clashes, and cancels one or the rest', async () => {
    await book(leader, { title: '占位会', startTime: at(30 + 14, 9), endTime: at(30 + 14, 10) });
    const weekly = {
      title: '周例会',
      startTime: at(30, 9),
      endTime: at(30, 10),
      recurrence: { freq: 'weekly', until: at(30 + 28, 12).slice(0, 10) },
    };
    const refused = await book(staff, weekly);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.data.clashes).toHaveLength(1);
    expect(refused.body.message).toContain('占位会');
    const ok = await book(staff, { ...weekly, skipClashes: true });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.ids).toHaveLength(4);
    expect(ok.body.data.skipped).toHaveLength(1);
    const [first, second] = ok.body.data.ids;
    expect((await t.call('DELETE', P(MEETING_API.remove), { token: staff, body: { id: first, scope: 'one' } })).body.data.ids).toEqual([
      first,
    ]);
    const rest = await t.call('DELETE', P(MEETING_API.remove), { token: staff, body: { id: second, scope: 'series' } });
    expect(rest.body.data.ids).toHaveLength(3);
    expect((await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(second) } })).body.data.status).toBe('cancelled');
    const bad = await book(staff, { ...weekly, recurrence: { freq: 'weekly' } });
    expect(bad.status).toBe(400);
  });

  it('a room that needs approval goes through the workflow; pending holds the slot', async () => {
    const hall = rooms.find((r) => r.needApproval === 'Y')!;
    const a = await book(staff, { title: '大型发布会', roomId: hall.id, startTime: at(25, 9), endTime: at(25, 12) });
    expect(a.body.data.status).toBe('pending');
    const id = a.body.data.ids[0];
    expect((await book(admin, { roomId: hall.id, startTime: at(25, 10), endTime: at(25, 11) })).body.code).not.toBe(0);
    const view = await t.call('GET', '/oa/api/auth/oa/process/instance', {
      token: leader,
      query: { moduleCode: 'oa_meeting', recordId: String(id) },
    });
    expect(view.body.data.myTask).toBeTruthy();
    // the approver may read the booking
    expect((await t.call('GET', P(MEETING_API.get), { token: leader, query: { id: String(id) } })).body.code).toBe(0);
    const appr = await t.call('POST', '/oa/api/auth/oa/process/approve', {
      token: leader,
      body: { taskId: view.body.data.myTask.taskId, comment: '同意' },
    });
    expect(appr.body.code).toBe(0);
    expect((await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(id) } })).body.data.status).toBe('approved');
  });

  it('invitees answer, check in through the link or by the host, and the host records minutes', async () => {
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const end = new Date(Date.now() + 65 * 60_000).toISOString();
    const a = await book(staff, {
      title: '临时碰头会',
      roomId: await freeRoom(soon, end),
      startTime: soon,
      endTime: end,
      invitees: ['leader'],
      inviteDepts: ['D04'],
    });
    expect(a.body.code).toBe(0);
    const id = a.body.data.ids[0];
    const detail = (await t.call('GET', P(MEETING_API.get), { token: leader, query: { id: String(id) } })).body.data;
    expect(detail.invitees.map((i: { userCode: string }) => i.userCode)).toEqual(expect.arrayContaining(['leader', 'huangli', 'staff']));
    expect(detail.myResponse).toBe('pending');
    expect((await t.call('POST', P(MEETING_API.respond), { token: leader, body: { id, response: 'declined' } })).body.code).not.toBe(0);
    expect((await t.call('POST', P(MEETING_API.respond), { token: leader, body: { id, response: 'accepted' } })).body.code).toBe(0);
    const c1 = await t.call('POST', P(MEETING_API.checkin), { token: leader, body: { id } });
    expect(c1.body.data.already).toBe(false);
    expect((await t.call('POST', P(MEETING_API.checkin), { token: leader, body: { id } })).body.data.already).toBe(true);
    const outsider = await t.login('yangfan');
    expect((await t.call('POST', P(MEETING_API.checkin), { token: outsider, body: { id } })).status).toBe(403);
    expect((await t.call('POST', P(MEETING_API.checkinBy), { token: leader, body: { id, userCode: 'huangli' } })).status).toBe(403);
    expect((await t.call('POST', P(MEETING_API.checkinBy), { token: staff, body: { id, userCode: 'huangli' } })).body.code).toBe(0);
    const m = await t.call('PUT', P(MEETING_API.minutes), {
      token: staff,
      body: { id, minutes: '会议决定如下', resolutions: [{ content: '本周内完成方案', ownerDept: '财务部' }] },
    });
    expect(m.body.code).toBe(0);
    expect((await t.call('PUT', P(MEETING_API.minutes), { token: leader, body: { id, minutes: 'x' } })).status).toBe(403);
    const after = (await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(id) } })).body.data;
    expect(after.checkedIn).toBe(2);
    expect(after.resolutions[0].content).toBe('本周内完成方案');
    // checked in by the host without having answered: attends (参加), not 未回复
    const answerOf = (d: { invitees: Array<{ userCode: string; response: string }> }, u: string) =>
      d.invitees.find((i) => i.userCode === u)?.response;
    expect(answerOf(after, 'huangli')).toBe('accepted');
    // rows checked in before this rule are answered by migration 091
    const row = t.ctx.db.updateTable('meeting_invitee').where('meeting_id', '=', id).where('user_code', '=', 'huangli');
    await row.set({ response: 'pending', responded_at: null }).execute();
    await m092CheckedInAttends.up(t.ctx.db, dialect);
    const fixed = (await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(id) } })).body.data;
    expect(answerOf(fixed, 'huangli')).toBe('accepted');
    expect(answerOf(fixed, 'staff')).toBe('accepted');
  });

  it('releases a room nobody checked in to', async () => {
    const soon = new Date(Date.now() + 2 * 60_000).toISOString();
    const end = new Date(Date.now() + 3600_000).toISOString();
    const a = await book(staff, { title: '没人来的会', roomId: await freeRoom(soon, end), startTime: soon, endTime: end });
    const id = a.body.data.ids[0];
    // 20 minutes later (release after 15)
    expect(await releaseNoShows(t.ctx, new Date(Date.now() + 20 * 60_000).toISOString())).toBeGreaterThanOrEqual(1);
    const got = (await t.call('GET', P(MEETING_API.get), { token: staff, query: { id: String(id) } })).body.data;
    expect(got.status).toBe('released');
  });

  it('offers free rooms, the arrangement board and statistics', async () => {
    const free = await t.call('GET', P(MEETING_API.freeRooms), { token: staff, query: { startTime: at(20, 10), endTime: at(20, 10, 30) } });
    expect(free.body.code).toBe(0);
    expect(free.body.data.find((r: { id: number }) => r.id === plain().id)).toBeUndefined();
    const all = await t.call('GET', P(MEETING_API.freeRooms), {
      token: staff,
      query: { startTime: at(20, 10), endTime: at(20, 10, 30), all: 'Y' },
    });
    expect(all.body.data.find((r: { id: number }) => r.id === plain().id).busyWith[0].title).toBeTruthy();
    const board = await t.call('GET', P(MEETING_API.arrangement), { token: staff, query: { range: 'week' } });
    expect(board.body.code).toBe(0);
    expect(board.body.data.meetings.length).toBeGreaterThan(0);
    expect(board.body.data.byRoom.length).toBeGreaterThan(0);
    expect((await t.call('GET', P(MEETING_API.list), { token: staff, query: { view: 'all' } })).status).toBe(403);
    expect((await t.call('GET', P(MEETING_API.list), { token: admin, query: { view: 'all' } })).body.data.total).toBeGreaterThan(10);
  });

  it('live meetings: create, open (banner list), close, delete', async () => {
    const made = await t.call('POST', P(MEETING_API.editLive), {
      token: admin,
      body: { meetingTopic: '测试直播', status: 'live', innerUrl: '/oa/demo-live/index.m3u8', outerUrl: 'https://live.example.org/x.m3u8' },
    });
    expect(made.body.code).toBe(0);
    const live = made.body.data;
    expect(live.isClose).toBe('O');
    const open = await t.call('GET', P(MEETING_API.liveList), { token: staff, query: { isClose: 'O' } });
    expect(open.body.data.list.map((l: { infoCode: string }) => l.infoCode)).toContain(live.infoCode);
    expect((await t.call('POST', P(MEETING_API.editLive), { token: staff, body: { meetingTopic: 'x' } })).status).toBe(403);
    expect(
      (await t.call('POST', P(MEETING_API.editLive), { token: admin, body: { meetingTopic: 'x', innerUrl: 'javascript:alert(1)' } }))
        .status,
    ).toBe(400);
    const closed = await t.call('PUT', P(MEETING_API.close), { token: admin, body: { id: live.id } });
    expect(closed.body.data.isClose).toBe('C');
    expect((await t.call('PUT', P(MEETING_API.close), { token: admin, body: { id: live.id } })).body.code).not.toBe(0);
    expect(
      (
        await t.call('POST', P(MEETING_API.editLive), {
          token: admin,
          body: { id: live.id, meetingTopic: '测试直播', status: 'live', innerUrl: '/x.m3u8' },
        })
      ).body.code,
    ).not.toBe(0);
    expect((await t.call('POST', P(MEETING_API.delLive), { token: staff, body: { id: live.id } })).status).toBe(403);
    expect((await t.call('POST', P(MEETING_API.delLive), { token: admin, body: { id: live.id } })).body.code).toBe(0);
    expect((await t.call('GET', P(MEETING_API.liveGet), { token: staff, query: { id: String(live.id) } })).status).toBe(404);
  });

  it('every spec call answers at its path with {code, message, data}', async () => {
    const calls: Array<[string, string, Record<string, string> | undefined, unknown]> = [
      ['GET', MEETING_API.list, {}, undefined],
      ['GET', MEETING_API.freeRooms, { startTime: at(40, 9), endTime: at(40, 10) }, undefined],
      ['GET', MEETING_API.liveList, { isClose: 'O' }, undefined],
      ['GET', MEETING_API.arrangement, { range: 'today' }, undefined],
    ];
    for (const [method, path, query, body] of calls) {
      const r = await t.call(method as 'GET', P(path), { token: admin, query, body });
      expect(r.status, path).toBe(200);
      expect(r.body, path).toMatchObject({ code: 0, message: expect.any(String) });
      expect(r.body).toHaveProperty('data');
    }
    for (const [method, path] of [
      ['POST', MEETING_API.insert],
      ['PUT', MEETING_API.update],
      ['DELETE', MEETING_API.remove],
      ['PUT', MEETING_API.close],
      ['POST', MEETING_API.delLive],
      ['POST', MEETING_API.editLive],
      ['GET', MEETING_API.get],
    ] as const) {
      const r = await t.call(method, P(path), { token: admin, body: method === 'GET' ? undefined : {} });
      expect(r.status, path).toBe(400);
      expect(r.body, path).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    }
  });

  it('the keywords of rooms, meetings and live meetings match % and _ as written', async () => {
    const names = (list: Array<Record<string, string>>, key: string) => list.map((x) => x[key]);
    for (const name of [WILD.literal, WILD.lookalike]) {
      const room = await t.call('POST', P(MEETING_API.room), { token: admin, body: { name, capacity: 4 } });
      expect(room.body.code).toBe(0);
      expect((await book(staff, { title: name, roomId: room.body.data.id, startTime: at(45, 9), endTime: at(45, 10) })).body.code).toBe(0);
      expect(
        (await t.call('POST', P(MEETING_API.editLive), { token: admin, body: { meetingTopic: name, status: 'scheduled' } })).body.code,
      ).toBe(0);
    }
    const found = async (keyword: string) => ({
      rooms: names((await t.call('GET', P(MEETING_API.rooms), { token: staff, query: { keyword } })).body.data, 'name'),
      meetings: names((await t.call('GET', P(MEETING_API.list), { token: staff, query: { keyword } })).body.data.list, 'title'),
      live: names((await t.call('GET', P(MEETING_API.liveList), { token: staff, query: { keyword } })).body.data.list, 'meetingTopic'),
    });
    expect(await found(WILD.literal)).toEqual({ rooms: [WILD.literal], meetings: [WILD.literal], live: [WILD.literal] });
    expect(await found('%')).toEqual({ rooms: [], meetings: [], live: [] });
  });
});
