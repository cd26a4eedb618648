import { addDays, chinaDate } from '@oa/shared/format/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { lastSentCode, smsCodeRows, solvedCaptcha } from '../../../test/sms-kit';
import { createTestApp, testDialects, type TestApp, type AnyData } from '../../../test/harness';

const DIALECTS = await testDialects();
const S = '/oa/api/auth/oa/subjects';
const F = '/oa/api/auth/oa/fweb';
const PR = '/oa/api/auth/oa/process';

/** A date `offset` days from today in China (batch windows are China's days). */
const day = (offset: number) => addDays(chinaDate(), offset);

/** A complete declaration (budget 100 000 split in two items). */
export const STEPS: Record<string, Record<string, unknown>> = {
  applicationForm: {
    name: '智能仓储标准研究',
    category: '一般课题',
    orgName: '测试大学',
    leaderName: '赵一鸣',
    leaderMobile: '18528756362',
    startDate: day(30),
    endDate: day(400),
    budget: 100000,
  },
  projectbg: { background: '行业仓储智能化水平参差不齐，亟需统一标准。' },
  researchProposal: { objectives: '形成智能仓储评价标准草案一项。', content: '调研、指标体系、试点验证三部分内容。' },
  researchFoundation: { achievements: '课题组已完成相关省部级课题三项。' },
  staffingRatio: { members: [{ name: '赵一鸣', org: '测试大学', role: '负责人', workMonths: 12 }] },
  budget: {
    items: [
      { subject: '劳务费', amount: 60000 },
      { subject: '差旅费', amount: 40000 },
    ],
  },
  situation: { projects: [], pledge: true },
};
export const CONTRACT: Record<string, Record<string, unknown>> = {
  application: { partyB: '测试大学', partyBLegal: '张三', partyBAddress: '北京市海淀区', startDate: day(30), endDate: day(400) },
  background: { background: '依据年度课题指南立项开展研究。' },
  scheme: { scheme: '分三个阶段实施，按季度报告进展。' },
  basics: { basics: '具有良好的研究基础与实验条件。' },
  gain: { deliverables: '研究报告一份与标准草案一项。' },
  matching: { matchingFunds: 20000 },
  budget: { items: [{ subject: '劳务费', amount: 100000 }] },
  clause: { signer: '张三', agree: true },
};

describe.each(DIALECTS)('research subjects on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const tok = async (u: string) => (tokens[u] ??= await t.login(u));
  let openBatch: string;
  let closedBatch: string;
  const call = async (user: string, method: 'GET' | 'POST', url: string, body?: unknown, query?: Record<string, string>) =>
    t.call(method, url, { token: await tok(user), ...(body !== undefined ? { body } : {}), ...(query ? { query } : {}) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const batches: AnyData[] = (await call('lina', 'GET', `${S}/batches`)).body.data;
    openBatch = batches.find((b) => b.open).id;
    closedBatch = batches.find((b) => !b.open).id;
  });
  afterAll(async () => t?.close());

  async function declare(user = 'applicant'): Promise<string> {
    const created = await call(user, 'POST', `${F}/create`, { batchId: openBatch, name: '智能仓储标准研究' });
    expect(created.body.code).toBe(0);
    for (const [step, data] of Object.entries(STEPS)) {
      const saved = await call(user, 'POST', `${F}/saveStep`, { id: created.body.data, step, data });
      expect(saved.body.message).toBe('已保存');
    }
    return created.body.data as string;
  }

  it('the seeded applicant sees their own draft and the open batch; staff see no drafts', async () => {
    const mine = await call('applicant', 'GET', `${F}/subjects`);
    expect(mine.body.data.list.map((s: AnyData) => s.status)).toEqual(['draft']);
    const batches = await call('applicant', 'GET', `${F}/batches`);
    expect(batches.body.data.every((b: AnyData) => b.open)).toBe(true);
    const all = await call('lina', 'GET', `${S}/allList`, undefined, { pageSize: '50' });
    expect(all.body.data.list.length).toBeGreaterThan(3);
    expect(all.body.data.list.some((s: AnyData) => s.status === 'draft')).toBe(false);
  });

  it("an applicant calling OA staff APIs gets 403; staff calling the applicants' API get 403", async () => {
    for (const url of [
      `${S}/allList`,
      `${S}/batches`,
      '/oa/api/auth/oa/user/list',
      '/oa/api/auth/industry/common/addressBookList',
      `${PR}/todo`,
    ]) {
      expect((await call('applicant', 'GET', url)).status, url).toBe(403);
    }
    expect((await call('applicant', 'GET', '/oa/api/auth/base/system/userinfo/get')).status).toBe(200);
    expect((await call('admin', 'GET', `${F}/subjects`)).status).toBe(403);
  });

  it('validates each step on its own with a message naming the field; nothing is written', async () => {
    const id = (await call('applicant', 'POST', `${F}/create`, { batchId: openBatch, name: '校验测试' })).body.data;
    const bad = await call('applicant', 'POST', `${F}/saveStep`, {
      id,
      step: 'applicationForm',
      data: { ...STEPS.applicationForm, leaderMobile: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('申请表');
    expect(bad.body.data.field).toBe('data.leaderMobile');
    const over = await call('applicant', 'POST', `${F}/saveStep`, {
      id,
      step: 'applicationForm',
      data: { ...STEPS.applicationForm, budget: 900000 },
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('单项上限');
    const wrongStep = await call('applicant', 'POST', `${F}/saveStep`, { id, step: 'nope', data: {} });
    expect(wrongStep.status).toBe(400);
    // the budget step is checked against the amount applied for when it is saved, not only on submitting
    const form = await call('applicant', 'POST', `${F}/saveStep`, { id, step: 'applicationForm', data: STEPS.applicationForm });
    expect(form.body.code).toBe(0);
    const short = Number(STEPS.applicationForm.budget) - 1000;
    const budget = await call('applicant', 'POST', `${F}/saveStep`, {
      id,
      step: 'budget',
      data: { ...STEPS.budget, items: [{ subject: '劳务费', amount: short }] },
    });
    expect(budget.status).toBe(400);
    expect(budget.body.data.field).toBe('data.items');
    expect(budget.body.message).toContain('须等于申请经费');
    const saved = await call('applicant', 'GET', `${F}/subject`, undefined, { id });
    expect(saved.body.data.declaration.budget).toBeUndefined();
    const detail = await call('applicant', 'GET', `${F}/subject`, undefined, { id });
    expect(detail.body.data.declaration.applicationForm.leaderMobile).not.toBe('123');
    const incomplete = await call('applicant', 'POST', `${F}/submit`, { id });
    expect(incomplete.body.code).not.toBe(0);
    expect(incomplete.body.message).toContain('请完成');
  });

  it("two applicants cannot read or change each other's subjects", async () => {
    const id = await declare('applicant');
    for (const [method, url, body, query] of [
      ['GET', `${F}/subject`, undefined, { id }],
      ['POST', `${F}/saveStep`, { id, step: 'projectbg', data: STEPS.projectbg }, undefined],
      ['POST', `${F}/submit`, { id }, undefined],
    ] as const) {
      const res = await call('qianxm', method, url, body, query);
      expect(res.status, url).toBe(404);
    }
    const theirs = await call('qianxm', 'GET', `${F}/subjects`, undefined, { pageSize: '50' });
    expect(theirs.body.data.list.every((s: AnyData) => s.applicant === 'qianxm')).toBe(true);
  });

  it('refuses a submission outside the batch window', async () => {
    const id = await declare('applicant');
    const created = await call('applicant', 'POST', `${F}/create`, { batchId: closedBatch, name: '过期批次' });
    expect(created.body.code).not.toBe(0);
    expect(created.body.message).toContain('申报已截止');
    // the window closes while the draft is open
    await t.ctx.db
      .updateTable('subject_batch')
      .set({ close_date: day(-1) })
      .where('id', '=', openBatch)
      .execute();
    try {
      const late = await call('applicant', 'POST', `${F}/submit`, { id });
      expect(late.body.code).not.toBe(0);
      expect(late.body.message).toContain('申报已截止');
      expect((await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data.status).toBe('draft');
    } finally {
      await t.ctx.db
        .updateTable('subject_batch')
        .set({ close_date: day(40) })
        .where('id', '=', openBatch)
        .execute();
    }
  });

  it('runs the whole journey: declare, check, score, approve, contract, ledger; the applicant follows it', async () => {
    const id = await declare('applicant');
    const [a, b] = await Promise.all([call('applicant', 'POST', `${F}/submit`, { id }), call('applicant', 'POST', `${F}/submit`, { id })]);
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
    // the format check needs the manager's permission
    expect((await call('staff', 'POST', `${S}/formCheck`, { id, pass: true, experts: ['wuxiaodong'] })).status).toBe(403);
    const noExperts = await call('lina', 'POST', `${S}/formCheck`, { id, pass: true, experts: [] });
    expect(noExperts.status).toBe(400);
    expect(noExperts.body.data.field).toBe('experts');
    expect((await call('lina', 'POST', `${S}/formCheck`, { id, pass: true, experts: ['wuxiaodong', 'zhengxiuying'] })).body.code).toBe(0);
    // an expert who was not assigned cannot score; an assigned one scores once
    expect((await call('staff', 'POST', `${S}/score`, { id, score: 90, opinion: '好' })).status).toBe(403);
    const first = await call('wuxiaodong', 'POST', `${S}/score`, { id, score: 90, opinion: '建议立项' });
    expect(first.body.data).toEqual({ closed: false });
    expect((await call('wuxiaodong', 'POST', `${S}/score`, { id, score: 95, opinion: '再评' })).body.message).toContain('已提交过');
    const last = await call('zhengxiuying', 'POST', `${S}/score`, { id, score: 85, opinion: '方案可行' });
    expect(last.body.data).toEqual({ closed: true });
    let detail = (await call('lina', 'GET', `${S}/detail`, undefined, { id })).body.data;
    expect(detail).toMatchObject({ status: 'approving', scoreAvg: 87.5 });
    // the applicant does not see the experts' scores before the decision
    expect((await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data.reviews).toEqual([]);
    // the department leader of the manager approves in the to-do centre
    const approveTask = async () => {
      const todo = (await call('zhangwei', 'GET', `${PR}/todo`, undefined, { pageSize: '50' })).body.data.list.find(
        (x: AnyData) => x.recordId === id,
      );
      expect(todo).toBeTruthy();
      expect((await call('zhangwei', 'POST', `${PR}/approve`, { taskId: todo.taskId, comment: '同意' })).body.code).toBe(0);
    };
    // the approver may read the subject
    expect((await call('zhangwei', 'GET', `${S}/detail`, undefined, { id })).status).toBe(200);
    await approveTask();
    let mine = (await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data;
    expect(mine.status).toBe('approved');
    expect(mine.reviews.map((r: AnyData) => r.score).sort()).toEqual([85, 90]);
    expect(mine.reviews.every((r: AnyData) => r.expert === '')).toBe(true);
    expect(mine.can.editContract).toBe(true);
    // contract in steps: the budget may not exceed the approved one
    const over = await call('applicant', 'POST', `${F}/saveContractStep`, {
      id,
      step: 'budget',
      data: { items: [{ subject: '劳务费', amount: 100001 }] },
    });
    expect(over.status).toBe(400);
    expect((await call('applicant', 'POST', `${F}/submitContract`, { id })).body.message).toContain('请完成');
    for (const [step, data] of Object.entries(CONTRACT)) {
      expect((await call('applicant', 'POST', `${F}/saveContractStep`, { id, step, data })).body.code).toBe(0);
    }
    expect((await call('applicant', 'POST', `${F}/submitContract`, { id })).body.code).toBe(0);
    await approveTask();
    mine = (await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data;
    expect(mine).toMatchObject({ status: 'in_progress', contractStatus: 'signed' });
    // the ledger: grants up to the budget, spending up to what arrived
    const pay = { subjectId: id, direction: 'in', amount: 50000, happenedOn: day(0), category: '资助拨款', summary: '首期拨款' };
    expect((await call('staff', 'POST', `${S}/addFund`, pay)).status).toBe(403);
    expect((await call('lina', 'POST', `${S}/addFund`, pay)).body.code).toBe(0);
    expect((await call('lina', 'POST', `${S}/addFund`, { ...pay, amount: 50000.01 })).body.message).toContain('超过批准经费');
    expect(
      (await call('lina', 'POST', `${S}/addFund`, { ...pay, direction: 'out', category: '差旅费', amount: 60000 })).body.message,
    ).toContain('超过已到账');
    const badMoney = await call('lina', 'POST', `${S}/addFund`, { ...pay, amount: -1 });
    expect(badMoney.status).toBe(400);
    expect(badMoney.body.data.field).toBe('amount');
    const ledger = (await call('lina', 'GET', `${S}/funds`, undefined, { subjectId: id })).body.data;
    expect(ledger).toMatchObject({ budget: 100000, in: 50000, out: 0, balance: 50000 });
    mine = (await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data;
    expect(mine.fundIn).toBe(50000);
    // progress: mid-term report, the manager's decision, completion
    expect(
      (await call('applicant', 'POST', `${F}/report`, { subjectId: id, kind: 'completion', title: '结题', content: '完成' })).body.message,
    ).toContain('中期检查');
    expect(
      (await call('applicant', 'POST', `${F}/report`, { subjectId: id, kind: 'midterm', title: '中期报告', content: '进展顺利' })).body
        .code,
    ).toBe(0);
    expect((await call('lina', 'POST', `${S}/decide`, { id, action: 'midterm', pass: true, opinion: '通过' })).body.code).toBe(0);
    expect(
      (await call('applicant', 'POST', `${F}/report`, { subjectId: id, kind: 'completion', title: '结题报告', content: '全部完成' })).body
        .code,
    ).toBe(0);
    expect((await call('lina', 'POST', `${S}/decide`, { id, action: 'complete', pass: true, opinion: '验收通过' })).body.code).toBe(0);
    detail = (await call('applicant', 'GET', `${F}/subject`, undefined, { id })).body.data;
    expect(detail.status).toBe('completed');
    expect(detail.logs.map((l: AnyData) => l.action)).toEqual(
      expect.arrayContaining(['submitted', 'format_passed', 'approved', 'contract_signed', 'fund_in', 'complete_ok']),
    );
  });

  it('a submitted subject is read by its administrators, experts and approvers, never by any staff member (issue 32)', async () => {
    const all: AnyData[] = (await call('lina', 'GET', `${S}/search`, undefined, { pageNumber: '1', pageSize: '50' })).body.data.list;
    const reviewed = all.find((x) => x.status === 'expert_review');
    expect(reviewed).toBeTruthy();
    for (const s of all) {
      // staff hold 课题申报 and 资助合同 (pages every expert and approver opens): neither reads every subject
      const staff = await call('staff', 'GET', `${S}/detail`, undefined, { id: s.id });
      expect([staff.status, s.status]).toEqual([403, s.status]);
      expect((await call('lina', 'GET', `${S}/detail`, undefined, { id: s.id })).status).toBe(200);
    }
    const expert = (await call('lina', 'GET', `${S}/detail`, undefined, { id: reviewed.id })).body.data.reviews[0].expert;
    expect((await call(expert, 'GET', `${S}/detail`, undefined, { id: reviewed.id })).status).toBe(200);
  });

  it('searches by year, batch, status, leader, organisation and budget range; bad filters are 400', async () => {
    const year = new Date().getUTCFullYear() - 1;
    const q = (query: Record<string, string>) => call('lina', 'GET', `${S}/search`, undefined, query);
    const byYear = (await q({ year: String(year) })).body.data;
    expect(byYear.total).toBe(3);
    expect((await q({ leader: '钱学', pageSize: '50' })).body.data.list.every((s: AnyData) => s.leaderName === '钱学敏')).toBe(true);
    expect((await q({ org: '标准化研究院' })).body.data.total).toBeGreaterThanOrEqual(2);
    const range = (await q({ budgetMin: '200000', budgetMax: '260000' })).body.data.list;
    expect(range.every((s: AnyData) => s.budget >= 200000 && s.budget <= 260000)).toBe(true);
    expect((await q({ status: 'nope' })).status).toBe(400);
    expect((await q({ budgetMin: '5', budgetMax: '1' })).status).toBe(400);
    const stats = (await call('lina', 'GET', `${S}/stats`)).body.data;
    expect(stats.byStatus.length).toBeGreaterThan(2);
    expect(stats.overdue.some((o: AnyData) => o.milestone === '中期检查')).toBe(true);
  });

  it('staff create an applicant account; it logs in to platform 19 only', async () => {
    const pw = 'a'.repeat(64);
    const body = { userCode: 'newapplicant', userName: '新申报人', mobile: '13700000001', orgName: '某研究所', password: pw };
    expect((await call('staff', 'POST', `${S}/createApplicant`, body)).status).toBe(403);
    expect((await call('lina', 'POST', `${S}/createApplicant`, body)).body.code).toBe(0);
    expect((await call('lina', 'POST', `${S}/createApplicant`, body)).body.message).toContain('已被使用');
    const platforms = await t.ctx.db
      .selectFrom('sys_user_platform')
      .select('platform_code')
      .where('user_code', '=', 'newapplicant')
      .execute();
    expect(platforms.map((p) => p.platform_code)).toEqual(['19']);
  });

  it('an outside applicant registers: image captcha before the SMS, the SMS code, then logs in to platform 19', async () => {
    const mobile = '13700000099';
    const captcha = (answer: string) => solvedCaptcha(t.ctx.db, answer);
    const R = '/oa/api/base/oa/fweb';
    const wrong = await t.call('POST', `${R}/registerSms`, { body: { mobile, captchaKey: await captcha('abcd'), captcha: 'zzzz' } });
    expect(wrong.body.code).not.toBe(0);
    expect(await smsCodeRows(t.ctx.db, t.ctx.fieldKeys, mobile)).toEqual([]);
    const key = await captcha('abcd');
    expect((await t.call('POST', `${R}/registerSms`, { body: { mobile, captchaKey: key, captcha: 'ABCD' } })).body.code).toBe(0);
    // a captcha is used once
    expect((await t.call('POST', `${R}/registerSms`, { body: { mobile, captchaKey: key, captcha: 'abcd' } })).body.code).not.toBe(0);
    const code = await lastSentCode(t.ctx.db, mobile);
    const body = {
      userCode: 'outsider1',
      userName: '外部申报人',
      mobile,
      orgName: '某大学',
      password: hashPassword('Abc@123456'),
      smsCode: code === '000000' ? '111111' : '000000',
    };
    expect((await t.call('POST', `${R}/register`, { body })).body.code).not.toBe(0);
    const bad = await t.call('POST', `${R}/register`, { body: { ...body, mobile: '123' } });
    expect(bad.status).toBe(400);
    const ok = await t.call('POST', `${R}/register`, { body: { ...body, smsCode: code } });
    expect(ok.body.code).toBe(0);
    const token = await t.login('outsider1', 'Abc@123456');
    expect((await t.call('GET', `${F}/subjects`, { token })).status).toBe(200);
    expect((await t.call('GET', `${S}/allList`, { token })).status).toBe(403);
  });
});
