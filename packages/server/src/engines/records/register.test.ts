import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { sampleRow } from '@oa/shared/test/registers.fixtures';
import { SAMPLE_CTX } from '../../../test/records/register-kit';

/**
 * The register side of the records API on SQLite and PostgreSQL: save, list, search, edit, delete,
 * visibility (private notes, own suggestions, published arrangements), module actions, fees and
 * arrears, the attendance sheet with approved leave.
 */

const DIALECTS = await testDialects();
const P = (code: string, action: string) => `/oa/api/auth/oa/records/${code}/${action}`;

describe.each(DIALECTS)('registers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let leader: string;
  const save = (token: string, code: string, data: Record<string, unknown>, id?: string) =>
    t.call('POST', P(code, 'save'), { token, body: { id, data } });
  const list = (token: string, code: string, filters?: Record<string, unknown>) =>
    t.call('GET', P(code, 'list'), { token, query: filters ? { filters: JSON.stringify(filters) } : {} });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, staff, leader] = await Promise.all([t.login('admin'), t.login('staff'), t.login('leader')]);
  }, 60_000);
  afterAll(async () => t?.close());

  it('adds, searches, edits and deletes a row; refuses bad input naming the field and duplicates', async () => {
    const created = await save(admin, 'office_express', sampleRow('office_express', 1, SAMPLE_CTX));
    expect(created.body.code, created.body.message).toBe(0);
    expect(created.body.data).toMatchObject({ status: 'approved', canEdit: true, serialNo: expect.stringMatching(/^KD\d{8}$/) });
    const id = created.body.data.id as string;
    expect((await list(admin, 'office_express', { trackingNo: 'SF0000000001' })).body.data.total).toBe(1);
    expect((await list(admin, 'office_express', { trackingNo: 'nothing' })).body.data.total).toBe(0);

    const edited = await save(
      admin,
      'office_express',
      { ...sampleRow('office_express', 1, SAMPLE_CTX), state: '已领取', doneDate: '2026-01-01' },
      id,
    );
    expect(edited.body.data.data.state).toBe('已领取');

    const bad = await save(admin, 'office_express', { ...sampleRow('office_express', 2, SAMPLE_CTX), counterpartPhone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('data.counterpartPhone');
    const dup = await save(admin, 'office_express', sampleRow('office_express', 1, SAMPLE_CTX));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('快递单号「SF0000000001」已存在');

    const del = await t.call('POST', P('office_express', 'delete'), { token: admin, body: { id } });
    expect(del.body.code).toBe(0);
    expect((await list(admin, 'office_express', { trackingNo: 'SF0000000001' })).body.data.total).toBe(0);
    expect((await t.call('POST', P('office_express', 'delete'), { token: admin, body: { id } })).status).toBe(404);
  });

  it('keeps notes private to their owner, administrators included', async () => {
    const mine = await save(staff, 'office_note', sampleRow('office_note', 1, SAMPLE_CTX));
    expect(mine.body.code, mine.body.message).toBe(0);
    expect((await list(staff, 'office_note')).body.data.total).toBe(1);
    expect((await list(admin, 'office_note')).body.data.total).toBe(0);
    expect((await t.call('GET', P('office_note', 'get'), { token: admin, query: { id: mine.body.data.id } })).status).toBe(404);
    expect((await save(admin, 'office_note', sampleRow('office_note', 2, SAMPLE_CTX), mine.body.data.id)).status).toBe(404);
  });

  it('shows staff their own suggestions; the office sees all and replies; anonymity hides the name', async () => {
    const s = await save(staff, 'biz_suggestion', { ...sampleRow('biz_suggestion', 1, SAMPLE_CTX), anonymous: '是' });
    expect(s.body.data.data.state).toBe('待回复');
    expect((await list(leader, 'biz_suggestion')).body.data.total).toBe(0);
    const all = await list(admin, 'biz_suggestion');
    expect(all.body.data.list[0]).toMatchObject({ applicantName: '匿名', actions: ['reply'] });
    expect(
      (
        await t.call('POST', P('biz_suggestion', 'action'), {
          token: staff,
          body: { id: s.body.data.id, action: 'reply', payload: { state: '已采纳', reply: '好' } },
        })
      ).body.code,
    ).not.toBe(0);
    const r = await t.call('POST', P('biz_suggestion', 'action'), {
      token: admin,
      body: { id: s.body.data.id, action: 'reply', payload: { state: '已采纳', reply: '已安排食堂延长供应' } },
    });
    expect(r.body.data.data).toMatchObject({ state: '已采纳', reply: '已安排食堂延长供应', replier: '系统管理员' });
    expect((await list(staff, 'biz_suggestion')).body.data.list[0].data.reply).toBe('已安排食堂延长供应');
  });

  it('publishes work arrangements: readers see only published ones and cannot write', async () => {
    const b = await save(admin, 'hr_bulletin', sampleRow('hr_bulletin', 1, SAMPLE_CTX));
    expect(b.body.data.data.publishState).toBe('草稿');
    expect((await list(staff, 'hr_bulletin')).body.data.total).toBe(0);
    await t.call('POST', P('hr_bulletin', 'action'), { token: admin, body: { id: b.body.data.id, action: 'publish', payload: {} } });
    const seen = await list(staff, 'hr_bulletin');
    expect(seen.body.data).toMatchObject({ total: 1, caps: { create: false, manage: false, import: false } });
    expect((await save(staff, 'hr_bulletin', sampleRow('hr_bulletin', 2, SAMPLE_CTX))).status).toBe(403);
    expect((await list(staff, 'office_tel')).status).toBe(403);
  });

  it('lends a licence and takes it back', async () => {
    const l = await save(admin, 'biz_license', sampleRow('biz_license', 1, SAMPLE_CTX));
    const id = l.body.data.id as string;
    const act = (action: string, payload: Record<string, unknown>) =>
      t.call('POST', P('biz_license', 'action'), { token: admin, body: { id, action, payload } });
    const lent = await act('lend', { borrower: 'staff', lendDate: '2026-05-08', expectedReturnDate: '2026-05-10', lendReason: '银行开户' });
    expect(lent.body.data.data).toMatchObject({ lendState: '已借出', borrower: 'staff' });
    expect(
      (await act('lend', { borrower: 'staff', lendDate: '2026-05-08', expectedReturnDate: '2026-05-10', lendReason: 'x' })).body.message,
    ).toContain('已借出');
    expect((await act('giveBack', { returnDate: '2026-05-01' })).body.message).toContain('不能早于借出日期');
    expect((await act('giveBack', { returnDate: '2026-05-09' })).body.data.data.lendState).toBe('在库');
    // an edit keeps the lending fields the form does not send
    const edited = await save(admin, 'biz_license', { ...sampleRow('biz_license', 1, SAMPLE_CTX), lendState: '已借出' }, id);
    expect(edited.body.data.data.lendState).toBe('在库');
  });

  it('checks a personnel dynamic type against the type register', async () => {
    expect((await save(admin, 'hr_dynamics', sampleRow('hr_dynamics', 1, SAMPLE_CTX))).body.code).toBe(0);
    const bad = await save(admin, 'hr_dynamics', { ...sampleRow('hr_dynamics', 2, SAMPLE_CTX), dynamicsType: '外派' });
    expect(bad.body.message).toContain('动态类型「外派」不存在');
  });

  it('generates monthly party fees from the members and lists arrears', async () => {
    for (const [i, base] of [
      [1, 2800],
      [2, 6500],
      [3, 12000],
    ] as const) {
      expect(
        (await save(admin, 'party_member', { ...sampleRow('party_member', 900 + i, SAMPLE_CTX), salaryBase: base, joinDate: '2008-07-01' }))
          .body.code,
      ).toBe(0);
    }
    const gen = await t.call('POST', P('party_fee', 'generate'), { token: admin, body: { month: '2026-03' } });
    expect(gen.body.data).toMatchObject({ created: 3, skipped: 0 });
    expect((await t.call('POST', P('party_fee', 'generate'), { token: admin, body: { month: '2026-03' } })).body.data).toMatchObject({
      created: 0,
      skipped: 3,
    });
    const rows = (await list(admin, 'party_fee', { month: '2026-03' })).body.data.list as Array<{
      id: string;
      data: Record<string, unknown>;
    }>;
    expect(rows.map((r) => r.data.due).sort((a, b) => Number(a) - Number(b))).toEqual([14, 97.5, 240]);
    const paid = rows.find((r) => r.data.due === 240)!;
    await save(admin, 'party_fee', { ...paid.data, state: '已缴', paid: 240, payDate: '2026-03-20' }, paid.id);
    const ar = await t.call('GET', P('party_fee', 'arrears'), { token: admin, query: { from: '2026-03', to: '2026-04' } });
    expect(ar.body.data.members).toBe(3);
    const by = new Map((ar.body.data.list as Array<{ amount: number; months: string[]; idCard: string }>).map((x) => [x.amount, x.months]));
    expect(by.get(240)).toEqual(['2026-04']);
    expect(by.get(195)).toEqual(['2026-03', '2026-04']);
    expect(ar.body.data.totalAmount).toBe(28 + 195 + 240);
    expect((await t.call('POST', P('party_fee', 'generate'), { token: staff, body: { month: '2026-03' } })).status).toBe(403);
  });

  it('builds the attendance sheet with the approved leave of the month', async () => {
    await save(admin, 'hr_attendance', { ...sampleRow('hr_attendance', 0, SAMPLE_CTX), month: '2026-05', person: 'staff', dept: 'D01' });
    const at = new Date().toISOString();
    const leave = (id: string, status: string, range: [string, string], leaveType: string) => ({
      id,
      module: 'oa_leave',
      variant: null,
      serial_no: id,
      title: '请假',
      status,
      applicant: 'staff',
      applicant_name: '刘小雨',
      dept: 'D01',
      dept_name: '办公室',
      amount: null,
      data: JSON.stringify({ leaveType, dateRange: range }),
      instance_id: null,
      created_at: at,
      updated_at: at,
      submitted_at: at,
      finished_at: at,
    });
    await t.ctx.db
      .insertInto('business_record')
      .values([
        leave('QJ1', 'approved', ['2026-04-29', '2026-05-06'], '事假'), // 4 working days in May (4, 5, 6 + … 1 May is a Friday)
        leave('QJ2', 'approved', ['2026-05-18', '2026-05-19'], '病假'),
        leave('QJ3', 'running', ['2026-05-20', '2026-05-22'], '事假'),
      ])
      .execute();
    const sheet = await t.call('GET', P('hr_attendance', 'sheet'), { token: admin, query: { month: '2026-05', dept: 'D01' } });
    expect(sheet.body.code, sheet.body.message).toBe(0);
    const row = sheet.body.data.rows.find((r: { userCode: string }) => r.userCode === 'staff');
    expect(row).toMatchObject({ workDays: 22, leave: { 事假: 4, 病假: 2 }, leaveDays: 6 });
    expect(sheet.body.data.workingDays).toBe(21);
    expect(sheet.body.data.leaveTypes).toEqual(['事假', '病假']);
  });
});
