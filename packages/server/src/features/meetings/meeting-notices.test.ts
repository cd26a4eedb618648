import { chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_API } from '@oa/shared/contract/meetings';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { REMIND_BEFORE_MS, remindBeforeStart } from './meeting-notices';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;
const DAY = 86_400_000;
/** China time `days` from today at h:m — away from the seeded week. */
const at = (days: number, h: number, m = 0) =>
  new Date(Date.parse(chinaInstant(chinaDate())) + days * DAY + (h * 60 + m) * 60_000).toISOString();

/** A meeting's invitation, change, cancellation and reminder reach the outbox: one row per person, in the event's transaction. */
describe.each(DIALECTS)('meeting messages on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let roomId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
    const rooms = (await t.call('GET', P(MEETING_API.rooms), { token: staff })).body.data as Array<{ id: number; needApproval: string }>;
    roomId = rooms.find((r) => r.needApproval === 'N')!.id;
  });
  afterAll(async () => t?.close());

  const rows = (meetingId: number, event: string) =>
    t.ctx.db
      .selectFrom('notify_outbox')
      .select(['user_code', 'link', 'title'])
      .where('event', '=', event)
      .where('link', '=', `/oa/meeting/detail?id=${meetingId}`)
      .orderBy('user_code')
      .execute();
  const users = async (meetingId: number, event: string) => (await rows(meetingId, event)).map((r) => r.user_code);

  it('invites, tells a change, a removal and a cancellation to each invitee once (never the organiser)', async () => {
    const body = { title: '消息测试会', meetingType: '专题会议', roomId, startTime: at(30, 9), endTime: at(30, 10) };
    const made = await t.call('POST', P(MEETING_API.insert), { token: staff, body: { ...body, invitees: ['lina', 'zhaolei'] } });
    expect(made.body.code, made.body.message).toBe(0);
    const id = made.body.data.ids[0] as number;
    expect(await users(id, 'meeting_invite')).toEqual(['lina', 'zhaolei']);

    const upd = await t.call('PUT', P(MEETING_API.update), {
      token: staff,
      body: { ...body, id, startTime: at(30, 14), endTime: at(30, 15), invitees: ['lina', 'chenjing'] },
    });
    expect(upd.body.code, upd.body.message).toBe(0);
    expect(await users(id, 'meeting_invite')).toEqual(['chenjing', 'lina', 'zhaolei']);
    expect(await users(id, 'meeting_change')).toEqual(['lina']);
    expect(await users(id, 'meeting_cancel')).toEqual(['zhaolei']);

    expect((await t.call('DELETE', P(MEETING_API.remove), { token: staff, body: { id, scope: 'one' } })).body.code).toBe(0);
    expect(await users(id, 'meeting_cancel')).toEqual(['chenjing', 'lina', 'zhaolei']);
  });

  it('reminds each attending invitee once before the start, however often and on however many instances it runs', async () => {
    const start = at(31, 9);
    const made = await t.call('POST', P(MEETING_API.insert), {
      token: staff,
      body: {
        title: '会前提醒测试',
        meetingType: '专题会议',
        roomId,
        startTime: start,
        endTime: at(31, 10),
        invitees: ['lina', 'zhaolei'],
      },
    });
    expect(made.body.code, made.body.message).toBe(0);
    const id = made.body.data.ids[0] as number;
    const early = new Date(Date.parse(start) - REMIND_BEFORE_MS - 60_000);
    await remindBeforeStart(t.ctx, early);
    expect(await users(id, 'meeting_remind')).toEqual([]);
    const due = new Date(Date.parse(start) - REMIND_BEFORE_MS + 60_000);
    // PostgreSQL: a second instance on the same database runs at the same moment (a SQLite copy is one process's)
    const second = dialect === 'postgres' ? await createTestApp(dialect, { databaseUrl: t.config.databaseUrl }) : null;
    try {
      await Promise.all([remindBeforeStart(t.ctx, due), remindBeforeStart((second ?? t).ctx, due)]);
    } finally {
      await second?.close();
    }
    await remindBeforeStart(t.ctx, new Date(due.getTime() + 60_000));
    expect(await users(id, 'meeting_remind')).toEqual(['lina', 'staff', 'zhaolei']);
  });
});
