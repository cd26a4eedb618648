import { expect as baseExpect, test, type Locator, type Page } from './support/fixtures';
import { loginAt, submitLogin } from './support/session';
import { OK } from './support/workflow-steps';

/**
 * Issue 17, end to end: the outside applicant (platform 19) logs in to their own area (no blank page,
 * no OA menu), declares a subject through every step and submits it; 李娜 (课题管理员) passes the
 * format check and assigns 吴晓东 as expert; he scores it; 张伟 (her department leader) approves it in
 * the to-do centre; the applicant fills and submits the contract in steps; 张伟 approves the signing;
 * 李娜 books the first payment in the ledger; the applicant sees the subject in progress with the money.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const RUN = Date.now().toString(36).slice(-5);
const NAME = `智能仓储评价标准研究-${RUN}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let subjectUrl = '';

const message = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);
const step = (page: Page, key: string) => page.getByTestId(`step-${key}`);

async function fillDate(page: Page, field: Locator, value: string) {
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

async function pick(page: Page, field: Locator, text: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

async function next(page: Page, saved: string) {
  await page.getByRole('button', { name: /保存并(下一步|预览)/ }).click();
  await expect(message(page, `「${saved}」已保存`)).toBeVisible();
}

/** Fills row `i` of a rows field: its cells in order. */
async function fillRow(form: Locator, i: number, cells: string[]) {
  await form.getByRole('button', { name: '添加一行' }).click();
  const row = form.locator('.ant-table-tbody tr.ant-table-row').nth(i);
  for (const [c, v] of cells.entries()) await row.locator('.fweb-cell').nth(c).locator('input').fill(v);
}

async function approveFromTodo(page: Page, landing: string) {
  await loginAt(page, 'zhangwei', 'process?tab=todo');
  const row = page.getByTestId('pending-todo').locator('tbody tr').filter({ hasText: NAME });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId(landing)).toBeVisible();
  await page
    .getByTestId('subject-approval-actions')
    .getByRole('button', { name: /同\s*意/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  await dialog.getByLabel('审批意见').fill('同意');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(message(page, '审批通过')).toBeVisible();
}

test('the applicant lands in their own area and declares a subject through every step', async ({ page }) => {
  await submitLogin(page, 'applicant', 'Oa@123456');
  await expect(page).toHaveURL(/\/oa\/foundationForWeb\/index$/);
  await expect(page.getByTestId('fweb-index')).toBeVisible();
  await expect(page.locator('.oa-sider')).toHaveCount(0);
  await expect(page.getByTestId('fweb-user-name')).toHaveText('赵一鸣');
  // an OA page sends them back to their area
  await page.goto('dashboard');
  await expect(page).toHaveURL(/\/oa\/foundationForWeb\/index$/);

  await page.getByTestId('fweb-batch').first().getByRole('button', { name: '我要申报' }).click();
  await page.locator('.ant-modal').getByLabel('课题名称').fill(NAME);
  await page.locator('.ant-modal').getByRole('button', { name: '创建申报书' }).click();
  await expect(page).toHaveURL(/subjectDeclare\/applicationForm\?id=/);

  const app = step(page, 'applicationForm');
  await expect(app.getByLabel('课题名称')).toHaveValue(NAME);
  await pick(page, app.getByLabel('课题类别'), '一般课题');
  await app.getByLabel('申报单位').fill('清华大学工业工程系');
  await app.getByLabel('课题负责人').fill('赵一鸣');
  await app.getByLabel('负责人手机号').fill('185287563');
  await fillDate(page, app.getByLabel('研究开始日期'), day(30));
  await fillDate(page, app.getByLabel('研究结束日期'), day(400));
  await app.getByLabel('申请经费（元）').fill('120000');
  // validated on its own, the message names the field
  await page.getByRole('button', { name: '保存并下一步' }).click();
  await expect(app.getByText('请输入正确的手机号码')).toBeVisible();
  await app.getByLabel('负责人手机号').fill('18528756362');
  await next(page, '申请表');

  await step(page, 'projectbg').getByLabel('立项依据').fill('仓储智能化水平参差不齐，行业亟需统一的评价标准。');
  await next(page, '立项依据');
  await step(page, 'researchProposal').getByLabel('研究目标').fill('形成智能仓储评价标准草案一项。');
  await step(page, 'researchProposal').getByLabel('研究内容').fill('现状调研、指标体系构建、企业试点验证。');
  await next(page, '研究方案');
  await step(page, 'researchFoundation').getByLabel('前期研究成果').fill('课题组已完成相关省部级课题三项。');
  await next(page, '研究基础');
  await fillRow(step(page, 'staffingRatio'), 0, ['赵一鸣', '教授', '清华大学', '总体负责', '12']);
  await next(page, '人员配备');
  await fillRow(step(page, 'budget'), 0, ['劳务费', '70000', '研究生劳务']);
  await fillRow(step(page, 'budget'), 1, ['差旅费', '50000', '企业调研']);
  await next(page, '经费预算');
  await step(page, 'situation').getByRole('checkbox').check();
  await next(page, '承担项目情况');

  const review = page.locator('.ant-drawer').filter({ has: page.getByTestId('fweb-review') });
  await expect(review.getByTestId('view-budget')).toContainText('50,000.00 元');
  await review.getByRole('button', { name: '确认提交' }).click();
  await expect(message(page, '申报书已提交，请等待形式审查')).toBeVisible();
  await expect(page.getByTestId('fweb-sub-table').locator('tr').filter({ hasText: NAME })).toContainText('待形式审查');
});

test('the manager passes the format check and assigns an expert; the expert scores', async ({ page }) => {
  await loginAt(page, 'lina', 'tb');
  const row = page.getByTestId('subjects-manageList').locator('tbody tr').filter({ hasText: NAME });
  await row.click();
  await expect(page.getByTestId('subject-info-page')).toBeVisible();
  subjectUrl = page.url().replace(/.*\/oa\//, '');
  await page.getByTestId('subject-actions').getByRole('button', { name: '形式审查' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '形式审查' });
  await dialog.getByTestId('user-picker').click();
  await page.keyboard.type('wuxiaodong');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '吴晓东' }).first().click();
  await dialog.getByLabel('审查意见').fill('材料齐全，符合申报要求');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(message(page, '形式审查通过，已送专家评审')).toBeVisible();
  await expect(page.getByTestId('subject-status')).toHaveText('专家评审中');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAt(page, 'wuxiaodong', 'tb/info');
  await page.getByTestId('subject-review-queue').locator('tbody tr').filter({ hasText: NAME }).click();
  await page.getByTestId('subject-actions').getByRole('button', { name: '评审打分' }).click();
  const score = page.locator('.ant-modal').filter({ hasText: '专家评审' });
  await score.getByLabel('评分（0-100）').fill('88');
  await score.getByLabel('评审意见').fill('选题有价值，方案可行，建议立项。');
  await score.getByRole('button', { name: OK }).click();
  await expect(message(page, '专家评审完成，已提交立项审批')).toBeVisible();
  await expect(page.getByTestId('subject-status')).toHaveText('立项审批中');
});

test('the department leader approves the subject in the to-do centre', async ({ page }) => {
  await approveFromTodo(page, 'subject-info-page');
  await expect(page.getByTestId('subject-status')).toHaveText('已立项');
});

test('the applicant signs the contract in steps', async ({ page }) => {
  await submitLogin(page, 'applicant', 'Oa@123456');
  await page.getByRole('menuitem', { name: '评审结果' }).click();
  await expect(page.getByTestId('fweb-approve')).toContainText('选题有价值，方案可行，建议立项。');
  await page.getByRole('menuitem', { name: '我的课题' }).click();
  await page.getByTestId('fweb-sub-table').locator('tr').filter({ hasText: NAME }).getByRole('button', { name: '填写合同' }).click();
  const a = step(page, 'application');
  await a.getByLabel('乙方（承担单位）').fill('清华大学工业工程系');
  await a.getByLabel('乙方法定代表人').fill('张立新');
  await a.getByLabel('乙方地址').fill('北京市海淀区清华园1号');
  await fillDate(page, a.getByLabel('合同开始日期'), day(30));
  await fillDate(page, a.getByLabel('合同结束日期'), day(400));
  await next(page, '合同申请');
  await step(page, 'background').getByLabel('项目背景').fill('依据年度课题指南立项，面向行业共性问题开展研究。');
  await next(page, '项目背景');
  await step(page, 'scheme').getByLabel('实施方案').fill('分调研、建模、验证三个阶段实施。');
  await next(page, '实施方案');
  await step(page, 'basics').getByLabel('工作基础').fill('课题组具有扎实的研究基础与实验条件。');
  await next(page, '工作基础');
  await step(page, 'gain').getByLabel('预期成果').fill('研究报告一份，团体标准草案一项。');
  await next(page, '预期成果');
  await step(page, 'matching').getByLabel('配套经费（元）').fill('20000');
  await next(page, '配套条件');
  await fillRow(step(page, 'budget'), 0, ['劳务费', '120000', '']);
  await next(page, '经费预算');
  await step(page, 'clause').getByLabel('乙方签约代表').fill('张立新');
  await step(page, 'clause').getByRole('checkbox').check();
  await next(page, '合同条款');
  await page.locator('.ant-drawer').getByRole('button', { name: '确认提交' }).click();
  await expect(message(page, '合同已提交，请等待签订审批')).toBeVisible();
});

test('the leader approves the signing; the manager books the first payment', async ({ page }) => {
  await approveFromTodo(page, 'subject-contract-page');
  await expect(page.getByTestId('subject-contract-page')).toContainText('已签订');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAt(page, 'lina', 'foundation');
  await page.getByTestId('foundation-page').locator('tbody tr').filter({ hasText: NAME }).click();
  const form = page.getByTestId('fund-form');
  await form.getByLabel('金额（元）').fill('60000');
  await form.getByLabel('摘要').fill('首期资助款');
  await expect(form).toContainText('人民币陆万元整');
  await page.getByRole('button', { name: /^登\s*记$/ }).click();
  await expect(message(page, '登记成功')).toBeVisible();
  await expect(page.getByTestId('ledger-table')).toContainText('首期资助款');
  await expect(page.getByTestId('ledger-summary')).toContainText('60,000.00');
  await page.screenshot({ path: test.info().outputPath('ledger.png'), fullPage: true });
  expect(subjectUrl).toContain('tb/info?id=');
});

test('the applicant sees the subject in progress with the payment', async ({ page }) => {
  await submitLogin(page, 'applicant', 'Oa@123456');
  await page.getByRole('menuitem', { name: '我的课题' }).click();
  await page.getByTestId('fweb-sub-table').locator('tr').filter({ hasText: NAME }).getByRole('button', { name: '进度' }).click();
  await expect(page.getByTestId('fweb-status')).toHaveText('执行中');
  await expect(page.getByTestId('fweb-tb-info')).toContainText('60,000.00 元');
  await expect(page.getByTestId('fweb-tb-info')).toContainText('已签订');
  await page.screenshot({ path: test.info().outputPath('applicant-progress.png'), fullPage: true });
});
