import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_API } from '@oa/shared/contract/approval-modules';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { WILD, addWildUsers } from '../../test/like-kit';

/** The bespoke rules of the approval modules (issue 6): hooks and side tables, through the HTTP API. */

const DIALECTS = await testDialects();
const rec = (code: string, action: string) => `/oa/api/auth/oa/records/${code}/${action}`;
const api = (path: string) => `/oa${APPROVAL_API}/${path}`;

describe.each(DIALECTS)('approval module rules on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let admin: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await t.login('staff');
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  async function approveAll(id: string): Promise<{ code: number; message: string }> {
    for (let i = 0; i < 10; i += 1) {
      const r = await t.ctx.db
        .selectFrom('business_record')
        .select(['status', 'instance_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (r.status !== 'running') return { code: 0, message: r.status };
      const tasks = await t.ctx.db
        .selectFrom('wf_task')
        .select(['id', 'assignee'])
        .where('instance_id', '=', r.instance_id!)
        .where('status', '=', 'open')
        .execute();
      for (const task of tasks) {
        tokens[task.assignee] ??= await t.login(task.assignee);
        const res = await t.call('POST', '/oa/api/auth/oa/process/approve', {
          token: tokens[task.assignee],
          body: { taskId: task.id, comment: '同意' },
        });
        if (res.body.code !== 0) return res.body;
      }
    }
    return { code: -1, message: 'not finished' };
  }
  const submit = (code: string, data: Record<string, unknown>, token = staff) =>
    t.call('POST', rec(code, 'submit'), { token, body: { data } });
  const status = async (id: string) =>
    (await t.ctx.db.selectFrom('business_record').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('labour remuneration: rate × units from the rate table, refused without a rate', async () => {
    const data = {
      payeeName: '李明',
      payeeIdCard: '11010519491231002X',
      payeeMobile: '13800138000',
      bankName: '工商银行',
      bankCard: '6222020200112345679',
      serviceKind: '评审费',
      payeeTitle: '正高级',
      serviceRange: ['2026-11-10', '2026-11-11'],
      units: 2,
      content: '评审',
      amount: 1,
    };
    const sub = await submit('oa_reward', data);
    expect(sub.body.data).toMatchObject({ amount: 3000, data: { unit: '天', rate: 1500, amount: 3000 } });
    const none = await submit('oa_reward', { ...data, serviceKind: '翻译费', payeeTitle: '院士' });
    expect(none.status).toBe(400);
    expect(none.body.data.field).toBe('data.serviceKind');
    const tooMany = await submit('oa_reward', { ...data, units: 11 });
    expect(tooMany.body.data.field).toBe('data.units');
    // the rate table: admin changes it, staff may only read
    const rates = await t.call('GET', api('reward-rates/list'), { token: staff });
    const rate = rates.body.data.find(
      (r: { serviceKind: string; payeeTitle: string }) => r.serviceKind === '评审费' && r.payeeTitle === '正高级',
    );
    expect((await t.call('POST', api('reward-rates/save'), { token: staff, body: { ...rate, rate: 9999 } })).status).toBe(403);
    const saved = await t.call('POST', api('reward-rates/save'), {
      token: admin,
      body: { id: rate.id, serviceKind: '评审费', payeeTitle: '正高级', unit: '天', rate: 1800, maxUnits: 10, enabled: true },
    });
    expect(saved.body.data).toMatchObject({ rate: 1800 });
    const dup = await t.call('POST', api('reward-rates/save'), {
      token: admin,
      body: { serviceKind: '评审费', payeeTitle: '正高级', unit: '天', rate: 100 },
    });
    expect(dup.body.data.field).toBe('payeeTitle');
    expect((await submit('oa_reward', data)).body.data.amount).toBe(3600);
  });

  it('leave: annual leave beyond the balance is refused naming the days', async () => {
    const mine = await t.call('GET', api('leave/mine'), { token: staff, query: { year: '2026' } });
    expect(mine.body.data).toMatchObject({ entitlement: 5, used: 0, balance: 5 });
    const data = { leaveType: '年休假', dateRange: ['2026-12-07', '2026-12-11'], contactPhone: '13579704883', reason: '休假' };
    const five = await submit('oa_leave', data);
    expect(five.body.data).toMatchObject({ status: 'running', amount: 5 });
    const more = await submit('oa_leave', { ...data, dateRange: ['2026-12-14', '2026-12-14'] });
    expect(more.status).toBe(400);
    expect(more.body.data.field).toBe('data.days');
    expect(more.body.message).toContain('年休假余额不足');
    expect((await approveAll(five.body.data.id)).code).toBe(0);
    const all = await t.call('GET', api('leave/balances'), { token: admin, query: { year: '2026', keyword: 'staff' } });
    expect(all.body.data[0]).toMatchObject({ userCode: 'staff', used: 5, balance: 0 });
    expect((await t.call('GET', api('leave/balances'), { token: staff })).status).toBe(403);
    // other kinds of leave do not use the balance
    expect((await submit('oa_leave', { ...data, leaveType: '事假', dateRange: ['2026-12-14', '2026-12-14'] })).body.code).toBe(0);
  });

  it('office supplies: unknown items refused, approval lowers the stock, a shortage refuses approval', async () => {
    const stock = async (name: string) =>
      (await t.call('GET', api('supplies/list'), { token: staff, query: { keyword: name } })).body.data[0];
    expect(await stock('A4打印纸')).toMatchObject({ stock: 60, low: false });
    expect(await stock('墨盒')).toMatchObject({ stock: 3, low: true });
    const base = { useDate: '2026-11-24', purpose: '办公' };
    const unknown = await submit('oa_supplies', { ...base, items: [{ name: '钢笔', quantity: 1 }] });
    expect(unknown.body.data.field).toBe('data.items.0.name');
    const over = await submit('oa_supplies', { ...base, items: [{ name: '墨盒', quantity: 4 }] });
    expect(over.body.data.field).toBe('data.items.0.quantity');
    const a = await submit('oa_supplies', {
      ...base,
      items: [
        { name: 'A4打印纸', quantity: 5 },
        { name: '墨盒', quantity: 2 },
      ],
    });
    const b = await submit('oa_supplies', { ...base, items: [{ name: '墨盒', quantity: 2 }] });
    expect((await approveAll(a.body.data.id)).code).toBe(0);
    expect(await stock('A4打印纸')).toMatchObject({ stock: 55 });
    expect(await stock('墨盒')).toMatchObject({ stock: 1 });
    const refused = await approveAll(b.body.data.id);
    expect(refused).toMatchObject({ code: 1, message: '「墨盒」库存不足，不能通过此领用申请' });
    expect(await status(b.body.data.id)).toBe('running');
    // stock received, then it passes
    const item = await stock('墨盒');
    expect((await t.call('POST', api('supplies/stock-in'), { token: staff, body: { id: item.id, quantity: 10 } })).status).toBe(403);
    expect((await t.call('POST', api('supplies/stock-in'), { token: admin, body: { id: item.id, quantity: 10 } })).body.data).toMatchObject(
      { stock: 11, low: false },
    );
    expect((await approveAll(b.body.data.id)).code).toBe(0);
    expect(await stock('墨盒')).toMatchObject({ stock: 9 });
  });

  it('cash loans: repayments recorded until settled', async () => {
    const sub = await submit('oa_borrow', {
      amount: 5000,
      method: '现金',
      borrowDate: '2026-11-25',
      repayDate: '2026-12-25',
      contactPhone: '13579704883',
      purpose: '备用金',
    });
    expect(sub.body.data.data).toMatchObject({ repaid: 0, repayState: '未还款' });
    const id = sub.body.data.id as string;
    expect((await approveAll(id)).code).toBe(0);
    const repay = (amount: number, token = admin) =>
      t.call('POST', rec('oa_borrow', 'action'), { token, body: { id, action: 'repay', payload: { date: '2026-12-01', amount } } });
    expect((await repay(1000, staff)).body.code).not.toBe(0); // finance (manage) records repayments
    expect((await repay(2000)).body.data.data).toMatchObject({ repaid: 2000, repayState: '部分还款' });
    expect((await repay(4000)).body.message).toContain('不能超过未还金额 3000.00 元');
    const settled = await repay(3000);
    expect(settled.body.data.data).toMatchObject({ repaid: 5000, repayState: '已结清' });
    expect(settled.body.data.data.repayments).toHaveLength(2);
    const got = await t.call('GET', rec('oa_borrow', 'get'), { token: admin, query: { id } });
    expect(got.body.data.actions).toEqual([]);
  });

  it('passports: must be in custody; lending and return update the register', async () => {
    const data = {
      holderName: '刘小雨',
      passportKind: '因公普通护照',
      passportNo: 'PE1234567',
      lendRange: ['2027-04-05', '2027-04-20'],
      contactPhone: '13579704883',
      purpose: '出访',
    };
    expect((await submit('oa_passport', { ...data, passportNo: 'PX0000000' })).body.data.field).toBe('data.passportNo');
    const sub = await submit('oa_passport', data);
    const id = sub.body.data.id as string;
    expect((await approveAll(id)).code).toBe(0);
    const act = (action: string, payload: Record<string, unknown>) =>
      t.call('POST', rec('oa_passport', 'action'), { token: admin, body: { id, action, payload } });
    expect((await act('lend', { lentAt: '2027-04-05' })).body.data.data).toMatchObject({ lendState: '已借出' });
    const book = async () =>
      (await t.call('GET', api('passports/list'), { token: admin })).body.data.find(
        (p: { passportNo: string }) => p.passportNo === 'PE1234567',
      );
    expect(await book()).toMatchObject({ status: 'out', recordId: id });
    const own = await t.call('GET', api('passports/list'), { token: staff });
    expect(own.body.data.map((p: { holderCode: string }) => p.holderCode)).toEqual(['staff']);
    expect((await act('return', { returnedAt: '2027-04-19' })).body.data.data).toMatchObject({
      lendState: '已归还',
      returnedAt: '2027-04-19',
    });
    expect(await book()).toMatchObject({ status: 'in', recordId: null });
    const bad = await t.call('POST', api('passports/save'), {
      token: admin,
      body: { holderName: '某某', passportKind: '因公普通护照', passportNo: 'pe1' },
    });
    expect(bad.status).toBe(400);
  });

  it('briefings: published to /briefingList once approved', async () => {
    const sub = await submit('oa_briefing', {
      title: '十一月工作动态',
      issueNo: '2026年第11期',
      category: '工作动态',
      briefDate: '2026-11-20',
      scope: '全体人员',
      content: '正文',
    });
    const id = sub.body.data.id as string;
    const list = async (token: string) =>
      (await t.call('GET', api('briefings/list'), { token, query: { pageNumber: '1', pageSize: '10' } })).body.data;
    expect((await list(staff)).list.map((b: { id: string }) => b.id)).not.toContain(id);
    expect((await approveAll(id)).code).toBe(0);
    const zhaolei = await t.login('zhaolei');
    expect((await list(zhaolei)).list[0]).toMatchObject({ id, title: '十一月工作动态', issueNo: '2026年第11期', content: null });
    expect((await t.call('GET', api('briefings/get'), { token: zhaolei, query: { id } })).body.data).toMatchObject({ content: '正文' });
  });

  it('leave balances and the supplies stock match % and _ in a keyword as written', async () => {
    await addWildUsers(t.ctx.db);
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('oa_supplies_item')
      .values(
        [WILD.literal, WILD.lookalike].map((name, i) => ({
          id: `like${i}`,
          name,
          spec: null,
          unit: '个',
          stock: 1,
          warn_level: 0,
          remark: null,
          updated_at: at,
        })),
      )
      .execute();
    const people = async (keyword: string) =>
      (await t.call('GET', api('leave/balances'), { token: admin, query: { year: '2026', keyword } })).body.data.map(
        (u: { userName: string }) => u.userName,
      );
    const items = async (keyword: string) =>
      (await t.call('GET', api('supplies/list'), { token: staff, query: { keyword } })).body.data.map((i: { name: string }) => i.name);
    expect(await people(WILD.literal)).toEqual([WILD.literal]);
    expect(await people('%')).toEqual([]);
    expect(await items(WILD.literal)).toEqual([WILD.literal]);
    expect(await items('%')).toEqual([]);
  });
});
