import { chinaYear } from '@oa/shared/format/china-time';
import { bizError } from '../../lib/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, countRecords, decide, fakeFile, fakeWorkflow } from '../../../test/records/records-fixture';
import { WILD, addWildUsers } from '../../../test/like-kit';
import { PICKER_USERS_PATH } from '@oa/shared/contract/records';

const DIALECTS = await testDialects();
const year = chinaYear();

describe.each(DIALECTS)('records engine on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let leader: string;
  let wf: ReturnType<typeof fakeWorkflow>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    wf = fakeWorkflow(['lina']);
    if (!t.ctx.workflow) t.ctx.workflow = wf;
    staff = await t.login('staff');
    leader = await t.login('leader');
  });
  afterAll(async () => t?.close());

  it('seal use: draft, submit with a serial number, approved through the records lifecycle', async () => {
    const file = await fakeFile(t, 'staff');
    const draft = await t.call('POST', `${base('oa_stamp')}/save`, {
      token: staff,
      body: { data: { reason: '与某公司签订合作协议', sealType: '合同专用章' } },
    });
    expect(draft.body).toMatchObject({ code: 0, data: { status: 'draft', serialNo: null, applicant: 'staff', dept: 'D01' } });
    const id = draft.body.data.id as string;
    const sub = await t.call('POST', `${base('oa_stamp')}/submit`, {
      token: staff,
      body: { id, data: { reason: '与某公司签订合作协议', sealType: '合同专用章', copies: 3, files: [file] } },
    });
    expect(sub.body.code).toBe(0);
    expect(sub.body.data).toMatchObject({ id, status: 'running', title: '刘小雨的用印申请：与某公司签订合作协议' });
    expect(sub.body.data.serialNo).toMatch(new RegExp(`^YY${year}\\d{4}$`));
    if (t.ctx.workflow === wf)
      expect(wf.started.at(-1)).toMatchObject({
        moduleCode: 'oa_stamp',
        recordId: id,
        initiator: 'staff',
        deptCode: 'D01',
        form: { copies: 3 },
      });
    else expect(sub.body.data.instanceId).toBeTruthy();
    await decide(t, 'oa_stamp', id, 'approved');
    const got = await t.call('GET', `${base('oa_stamp')}/get`, { token: staff, query: { id } });
    expect(got.body.data).toMatchObject({ status: 'approved', can: { edit: false, withdraw: false } });
    expect(got.body.data.logs.map((l: { action: string }) => l.action)).toEqual(['create', 'submit', 'approved']);
    // the approver reads it as a participant; someone from another department does not
    expect((await t.call('GET', `${base('oa_stamp')}/get`, { token: leader, query: { id } })).body.code).toBe(0);
    expect((await t.call('GET', `${base('oa_stamp')}/get`, { token: await t.login('lina'), query: { id } })).status).toBe(
      t.ctx.workflow === wf ? 200 : 404,
    );
    // editing an approved record is refused
    const again = await t.call('POST', `${base('oa_stamp')}/save`, { token: staff, body: { id, data: { reason: 'x' } } });
    expect(again.body.code).not.toBe(0);
  });

  it("lets an approver's form edits through the lifecycle, re-validated", async () => {
    const file = await fakeFile(t, 'staff');
    const sub = await t.call('POST', `${base('oa_stamp')}/submit`, {
      token: staff,
      body: { data: { reason: '审批中修改', sealType: '公章', copies: 2, files: [file] } },
    });
    const id = sub.body.data.id as string;
    const patch = (p: Record<string, unknown>) =>
      t.ctx.db
        .transaction()
        .execute((trx) => t.ctx.records!.patchForm!(trx, { moduleCode: 'oa_stamp', recordId: id, patch: p, userCode: 'leader' }));
    await patch({ copies: 5, bogus: 'x' });
    const got = await t.call('GET', `${base('oa_stamp')}/get`, { token: staff, query: { id } });
    expect(got.body.data.data).toMatchObject({ copies: 5, reason: '审批中修改' });
    expect('bogus' in got.body.data.data).toBe(false);
    expect(got.body.data.logs.at(-1)).toMatchObject({ action: 'formEdit', actorName: '王建国', comment: '修改了：用印份数' });
    await expect(patch({ copies: 0 })).rejects.toMatchObject({ status: 400, message: '用印份数不能小于1' });
  });

  it('lending: approval lends the item, the return action records the return date', async () => {
    const data = {
      item: '投影仪',
      quantity: 1,
      purpose: '部门会议使用',
      borrowDate: '2026-03-02',
      expectedReturnDate: '2026-03-05',
      contact: '13800138000',
      lendState: '已归还',
    };
    const sub = await t.call('POST', `${base('oa_lend')}/submit`, { token: staff, body: { data } });
    expect(sub.body.data).toMatchObject({ status: 'running', data: { lendState: '待借出', returnDate: null } });
    const id = sub.body.data.id as string;
    const early = await t.call('POST', `${base('oa_lend')}/action`, {
      token: staff,
      body: { id, action: 'return', payload: { returnDate: '2026-03-04' } },
    });
    expect(early.body.code).not.toBe(0); // not approved yet
    await decide(t, 'oa_lend', id, 'approved');
    let got = await t.call('GET', `${base('oa_lend')}/get`, { token: staff, query: { id } });
    expect(got.body.data).toMatchObject({ status: 'approved', data: { lendState: '已借出' }, actions: ['return'] });
    const before = await t.call('POST', `${base('oa_lend')}/action`, {
      token: staff,
      body: { id, action: 'return', payload: { returnDate: '2026-03-01' } },
    });
    expect(before.body).toMatchObject({ code: 1, message: '实际归还日期不能早于借用日期' });
    const missing = await t.call('POST', `${base('oa_lend')}/action`, { token: staff, body: { id, action: 'return', payload: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请选择实际归还日期');
    const ret = await t.call('POST', `${base('oa_lend')}/action`, {
      token: staff,
      body: { id, action: 'return', payload: { returnDate: '2026-03-04' } },
    });
    expect(ret.body.data.data).toMatchObject({ lendState: '已归还', returnDate: '2026-03-04' });
    got = await t.call('GET', `${base('oa_lend')}/get`, { token: staff, query: { id } });
    expect(got.body.data.actions).toEqual([]);
  });

  it('business trip: sub-table, computed days, senior variant, approved', async () => {
    const data = {
      destination: '上海',
      dateRange: ['2026-04-01', '2026-04-03'],
      transport: '高铁',
      budget: 3200.5,
      reason: '参加行业年会',
      companions: ['zhaolei'],
      itinerary: [
        { date: '2026-04-01', from: '北京', to: '上海', transport: '高铁' },
        { date: '2026-04-03', from: '上海', to: '北京' },
      ],
    };
    const senior = await t.call('POST', `${base('oa_btrip')}/submit`, { token: leader, body: { variant: 'senior', data } });
    expect(senior.status).toBe(400);
    expect(senior.body).toMatchObject({ message: '请选择随行人员级别', data: { field: 'data.escortLevel' } });
    const ok = await t.call('POST', `${base('oa_btrip')}/submit`, {
      token: leader,
      body: { variant: 'senior', data: { ...data, escortLevel: '处级' } },
    });
    expect(ok.body.data).toMatchObject({ variant: 'senior', amount: 3200.5, data: { days: 3, escortLevel: '处级', variant: 'senior' } });
    // a leader's own trip may pass at once (the seeded process sends it above the leader, where nobody is)
    expect(['running', 'approved']).toContain(ok.body.data.status);
    const mine = await t.call('POST', `${base('oa_btrip')}/submit`, { token: staff, body: { data } });
    expect(mine.body.data).toMatchObject({ status: 'running', variant: null, data: { days: 3 } });
    expect('escortLevel' in mine.body.data.data).toBe(false);
    await decide(t, 'oa_btrip', mine.body.data.id, 'approved');
    const done = await t.call('GET', `${base('oa_btrip')}/get`, { token: staff, query: { id: mine.body.data.id } });
    expect(done.body.data.status).toBe('approved');
    const plain = await t.call('POST', `${base('oa_btrip')}/submit`, { token: staff, body: { data: { ...data, companions: ['nobody'] } } });
    expect(plain.body).toMatchObject({ message: '同行人员中有不存在的人员', data: { field: 'data.companions' } });
  });

  it('refuses invalid applications with 400 naming the field, and writes nothing', async () => {
    const before = await countRecords(t);
    const file = await fakeFile(t, 'staff');
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['oa_stamp', { sealType: '公章', copies: 1, files: [file] }, 'data.reason', '请填写用印事由'],
      ['oa_stamp', { reason: '盖章', sealType: '公章', copies: 0, files: [file] }, 'data.copies', '用印份数不能小于1'],
      [
        'oa_stamp',
        { reason: '盖章', sealType: '公章', copies: 1, files: [{ fileId: 'nope', fileName: 'x.pdf' }] },
        'data.files',
        '用印文件中有文件不存在或已删除，请重新上传',
      ],
      [
        'oa_lend',
        { item: '相机', quantity: 1, purpose: '拍摄', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-03', contact: '1380013' },
        'data.contact',
        '联系电话：请输入正确的手机号码',
      ],
      [
        'oa_lend',
        { item: '相机', quantity: 1, purpose: '拍摄', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-01' },
        'data.expectedReturnDate',
        '预计归还日期不能早于借用日期',
      ],
      [
        'oa_btrip',
        { destination: '广州', dateRange: ['2026-04-01', '2026-04-02'], transport: '飞机', budget: -5, reason: '调研' },
        'data.budget',
        '预计费用不能小于0',
      ],
      [
        'oa_btrip',
        { destination: '广州', dateRange: ['2026-04-03', '2026-04-02'], transport: '飞机', budget: 5, reason: '调研' },
        'data.dateRange',
        '出差时间的结束日期不能早于开始日期',
      ],
      [
        'oa_btrip',
        {
          destination: '广州',
          dateRange: ['2026-04-01', '2026-04-02'],
          transport: '飞机',
          budget: 5,
          reason: '调研',
          itinerary: [{ date: '2026-04-01', to: '广州' }],
        },
        'data.itinerary.0.from',
        '请填写行程安排第1行出发地',
      ],
    ];
    for (const [code, data, field, message] of cases) {
      for (const action of ['submit', 'save']) {
        if (action === 'save' && message.startsWith('请填写')) continue; // drafts may be incomplete
        const res = await t.call('POST', `${base(code)}/${action}`, { token: staff, body: { data } });
        expect(res.status, `${code} ${action} ${field}`).toBe(400);
        expect(res.body).toMatchObject({ message, data: { field } });
      }
    }
    const hostile = await t.call('POST', `${base('oa_stamp')}/submit`, { token: staff, body: { data: 'x' } });
    expect(hostile.status).toBe(400);
    const big = await t.call('POST', `${base('oa_stamp')}/submit`, {
      token: staff,
      body: { data: { reason: '<script>'.repeat(100), sealType: '公章', copies: 1, files: [file] } },
    });
    expect(big.status).toBe(400);
    expect(await countRecords(t)).toBe(before);
  });

  it('gives 50 concurrent submits 50 distinct consecutive serial numbers', async () => {
    const file = await fakeFile(t, 'zhaolei');
    const token = await t.login('zhaolei');
    const res = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', `${base('oa_lend')}/submit`, {
          token,
          body: {
            data: {
              item: `物品${i}`,
              quantity: 1,
              purpose: '并发',
              borrowDate: '2026-05-01',
              expectedReturnDate: '2026-05-02',
              files: [file],
            },
          },
        }),
      ),
    );
    expect(res.every((r) => r.body.code === 0)).toBe(true);
    const seqs = res.map((r) => Number(String(r.body.data.serialNo).slice(-4))).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(50);
    expect(seqs.at(-1)! - seqs[0]).toBe(49);
    const row = await t.ctx.db.selectFrom('business_serial').selectAll().where('module', '=', 'oa_lend').executeTakeFirstOrThrow();
    expect(Number(row.last_seq)).toBe(seqs.at(-1));
  });

  it('refuses to submit when the process cannot start, writing nothing', async () => {
    // The engines are always composed (app.ts); what remains to prove is that submit and process start
    // are one transaction: a start that refuses leaves no record, serial number or log behind.
    const saved = t.ctx.workflow;
    t.ctx.workflow = {
      ...saved,
      start: async () => {
        throw bizError('审批流程服务未启用，暂时无法提交');
      },
    };
    try {
      const before = await countRecords(t);
      const res = await t.call('POST', `${base('oa_lend')}/submit`, {
        token: staff,
        body: { data: { item: '桌', quantity: 1, purpose: '用', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-03' } },
      });
      expect(res.body.code).not.toBe(0);
      expect(res.body.message).toContain('审批流程服务未启用');
      expect(await countRecords(t)).toBe(before);
    } finally {
      t.ctx.workflow = saved;
    }
  });

  it('the user picker matches % and _ in a keyword as written', async () => {
    await addWildUsers(t.ctx.db);
    const pick = async (keyword: string) =>
      (await t.call('GET', `/oa${PICKER_USERS_PATH}`, { token: staff, query: { keyword } })).body.data.map(
        (u: { userName: string }) => u.userName,
      );
    expect(await pick(WILD.literal)).toEqual([WILD.literal]);
    expect(await pick('%')).toEqual([]);
  });

  it('the user picker finds a person by mobile number only for whoever sees every mobile (staff see them masked)', async () => {
    const admin = await t.login('admin');
    const pick = async (token: string) =>
      (await t.call('GET', `/oa${PICKER_USERS_PATH}`, { token, query: { keyword: '96887193' } })).body.data.map(
        (u: { userCode: string }) => u.userCode,
      );
    expect(await pick(staff)).toEqual([]);
    expect(await pick(admin)).toEqual(['admin']);
  });
});
