import { expect, test, type Locator, type Page } from './support/fixtures';
import { leave, login, loginAt, menuEntry } from './support/session';
import { a11yChecked } from './support/a11y-watch';
import { closeTab, openInApp } from './support/in-app';

/** Issue 6, approval modules: create, submit, see it listed; sign-off and briefing approved by the leader. */

/** Picks an option of the antd select labelled `label` inside `scope` (a drawer's form, or the page). */
async function pick(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}`) })
    .first()
    .click();
}

async function typeDate(page: Page, selector: string, date: string): Promise<void> {
  await page.locator(selector).click();
  await page.locator(selector).fill(date);
  await page.keyboard.press('Enter');
}

async function typeRange(page: Page, selector: string, from: string, to: string): Promise<void> {
  await page.locator(selector).click();
  await page.locator(selector).fill(from);
  await page.keyboard.press('Enter');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
}

const submitIn = (scope: Locator) => scope.getByRole('button', { name: /提\s*交/ }).click();
/** The drawer holding the form (module-edit-…) or the record (module-preview-…) of a single-route module. */
const drawer = (page: Page, testId: string) => page.locator('.ant-drawer').filter({ has: page.getByTestId(testId) });

test.describe('approval modules', () => {
  test('sign-off report: drafted by staff, signed off by the leader on the sign-off desk', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'signEdit');
    const edit = page.getByTestId('module-edit-oa_sign');
    await expect(edit).toBeVisible();
    await page.getByLabel('签报标题', { exact: true }).fill('关于召开年度理事会的请示');
    await pick(page, '签报类型', '请示');
    await pick(page, '缓急程度', '急');
    await pick(page, '密级', '内部');
    await pick(page, '呈报领导', '王建国');
    await page.getByLabel('联系电话', { exact: true }).fill('12345');
    await page.getByLabel('签报内容', { exact: true }).fill('拟于12月召开年度理事会，请领导审定。');
    await submitIn(edit);
    await expect(page.getByTestId('form-problem')).toContainText('联系电话');
    await page.getByLabel('联系电话', { exact: true }).fill('010-68511106');
    await submitIn(edit);
    await expect(page).toHaveURL(/signPreview\?id=R/);
    await page.goto('sign');
    await expect(
      page.getByTestId('module-list-oa_sign').locator('.ant-table-row').filter({ hasText: '关于召开年度理事会的请示' }),
    ).toHaveCount(1);
    await leave(page);

    await loginAt(page, 'leader', 'signDeal');
    const desk = page.getByTestId('sign-deal');
    await expect(desk.getByTestId('sign-desk-item').filter({ hasText: '关于召开年度理事会的请示' })).toBeVisible();
    await desk.getByTestId('sign-comment').fill('同意，请办公室抓紧筹备');
    await desk.getByTestId('sign-approve').click();
    await expect(desk.getByText('暂无待签批的签报')).toBeVisible();
    await page.goto('sign');
    const row = page.getByTestId('module-list-oa_sign').locator('.ant-table-row').filter({ hasText: '关于召开年度理事会的请示' });
    await expect(row.getByTestId('record-status')).toHaveText('已通过');
  });

  test('leave: applied in the drawer of /Leave with the annual-leave balance shown, approved by the leader', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'Leave');
    await expect(page.getByTestId('leave-balance')).toContainText('年休假');
    await page.getByRole('button', { name: '新建请假' }).click();
    const d = drawer(page, 'module-edit-oa_leave');
    await pick(d, '请假类型', '事假');
    await typeRange(page, '#dateRange', '2026-12-01', '2026-12-01');
    await expect(d.getByLabel('请假天数', { exact: true })).toHaveValue('1');
    await d.getByLabel('休假期间联系电话', { exact: true }).fill('13579704883');
    await d.getByLabel('请假事由', { exact: true }).fill('办理个人事务');
    await submitIn(d);
    const v = drawer(page, 'module-preview-oa_leave');
    await expect(v.getByTestId('record-status').first()).toHaveText('审批中');
    // this try's own record, by its number (a retry finds the first try's application in the lists too)
    const serialCell = v
      .locator('.oa-record-head .ant-descriptions-item-label')
      .filter({ hasText: /^编号$/ })
      .locator('xpath=following-sibling::td[1]');
    await expect(serialCell).toHaveText(/^[^（\s]+$/);
    const serial = (await serialCell.innerText()).trim();
    await v.locator('.ant-drawer-close').click();
    const listed = page.getByTestId('module-list-oa_leave').locator('.ant-table-row').filter({ hasText: serial });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('事假');
    await leave(page);

    // the leader opens the task from the to-do centre: a single-route module opens it in the drawer of /Leave
    await loginAt(page, 'leader', 'process');
    const task = page.getByTestId('pending-todo').locator('.ant-table-row').filter({ hasText: serial });
    await expect(task).toContainText('刘小雨事假1天');
    await task.click();
    await expect(page).toHaveURL(/\/Leave\?id=R/);
    const lp = page.getByTestId('module-preview-oa_leave');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByLabel('审批意见').fill('同意');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(lp.getByTestId('record-status').first()).toHaveText('已通过');
  });

  test('mailbox request and office supplies requisition: submitted from their single-route pages and listed', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'Email');
    await page.getByRole('button', { name: '新建邮箱申请' }).click();
    let d = drawer(page, 'module-edit-oa_email');
    await pick(d, '申请事项', '开通邮箱');
    await d.getByLabel('使用人姓名', { exact: true }).fill('何晓明');
    await d.getByLabel('邮箱账号', { exact: true }).fill('Bad Name');
    await pick(d, '邮箱容量', '5GB');
    await d.getByLabel('手机号码', { exact: true }).fill('13912345678');
    await d.getByLabel('申请事由', { exact: true }).fill('新入职员工开通邮箱');
    await submitIn(d);
    await expect(d.getByTestId('form-problem')).toContainText('邮箱账号');
    await d.getByLabel('邮箱账号', { exact: true }).fill('hexiaoming');
    await submitIn(d);
    let v = drawer(page, 'module-preview-oa_email');
    await expect(v.getByTestId('record-status').first()).toHaveText('审批中');
    await v.locator('.ant-drawer-close').click();
    await expect(page.getByTestId('module-list-oa_email').locator('.ant-table-row').filter({ hasText: 'hexiaoming' })).toHaveCount(1);

    await page.goto('OfficeSuppliesManage');
    await page.getByRole('tab', { name: /库存台账/ }).click();
    await expect(page.getByTestId('supplies-stock').locator('.ant-table-row').filter({ hasText: '墨盒' })).toContainText('库存不足');
    await page.getByRole('tab', { name: '领用申请' }).click();
    await page.getByRole('button', { name: '新建办公用品领用' }).click();
    d = drawer(page, 'module-edit-oa_supplies');
    await typeDate(page, '#useDate', '2026-11-24');
    await d.getByRole('button', { name: '添加一行' }).click();
    await page.locator('#items_0_name').fill('A4打印纸');
    await page.locator('#items_0_quantity').fill('2');
    await d.getByLabel('领用用途', { exact: true }).fill('部门日常办公');
    await submitIn(d);
    v = drawer(page, 'module-preview-oa_supplies');
    await expect(v.getByTestId('record-status').first()).toHaveText('审批中');
    await v.locator('.ant-drawer-close').click();
    await expect(page.getByTestId('module-list-oa_supplies').locator('.ant-table-row')).toHaveCount(1);
  });

  test('work briefing: approved by the leader, then published on /briefingList', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'briefingEdit');
    const edit = page.getByTestId('module-edit-oa_briefing');
    await page.getByLabel('简报标题', { exact: true }).fill('协会十一月工作动态');
    await page.getByLabel('期号', { exact: true }).fill('2026年第11期');
    await pick(page, '简报类别', '工作动态');
    await typeDate(page, '#briefDate', '2026-11-20');
    await pick(page, '发布范围', '全体人员');
    await page.getByLabel('简报正文', { exact: true }).fill('本月协会完成行业调研三项，走访会员单位十二家。');
    await submitIn(edit);
    await expect(page).toHaveURL(/briefingPreview\?id=R/);
    const id = new URL(page.url()).searchParams.get('id');
    await leave(page);

    await loginAt(page, 'leader', `briefingPreview?id=${id}`);
    const lp = page.getByTestId('module-preview-oa_briefing');
    await lp.getByRole('button', { name: /同\s*意/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(lp.getByTestId('record-status').first()).toHaveText('已通过');
    await leave(page);

    await loginAt(page, 'zhaolei', 'briefingList');
    await page.getByTestId('briefing-list').getByText('协会十一月工作动态').click();
    await expect(page.locator('.ant-drawer').filter({ hasText: '2026年第11期' })).toContainText('本月协会完成行业调研三项');
  });

  test('contract: submitted with the amount in capitals and listed', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAt(page, 'staff', 'contract/edit');
    const edit = page.getByTestId('module-edit-oa_contract');
    await page.getByLabel('合同名称', { exact: true }).fill('年度信息系统运维服务合同');
    await pick(page, '合同类型', '服务合同');
    await pick(page, '收支类型', '付款合同');
    await page.getByLabel('合同金额', { exact: true }).fill('128000');
    await expect(edit).toContainText('人民币壹拾贰万捌仟元整');
    await pick(page, '付款方式', '分期付款');
    await typeRange(page, '#term', '2027-01-01', '2027-12-31');
    await page.getByLabel('合同相对方', { exact: true }).fill('北京数智科技有限公司');
    await page.getByLabel('合同主要内容', { exact: true }).fill('协会OA及网站运维服务一年。');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '合同文本.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(edit.locator('.ant-upload-list-item').filter({ hasText: '合同文本.pdf' })).toBeVisible();
    await submitIn(edit);
    await expect(page).toHaveURL(/contractPreview\?id=R/);
    await expect(page.getByTestId('module-preview-oa_contract')).toContainText('人民币壹拾贰万捌仟元整');
    await page.goto('contract');
    await expect(
      page.getByTestId('module-list-oa_contract').locator('.ant-table-row').filter({ hasText: '北京数智科技有限公司' }),
    ).toHaveCount(1);
  });
});

/** Every route of the approval modules of issue 6 (the generic pages and the bespoke ones). */
const ROUTES = [
  'sign',
  'signEdit',
  'signPreview',
  'signManage',
  'signDeal',
  'briefing',
  'briefingEdit',
  'briefingPreview',
  'briefingList',
  'circulation',
  'circulation/edit',
  'circulationPreview',
  'reward',
  'reward/edit',
  'reward/preview',
  'reward/setting',
  'reward/settingEdit',
  'device',
  'deviceManager',
  'deviceSenior',
  'contract',
  'contract/edit',
  'contractPreview',
  'contractManage',
  'bigEvents',
  'eventEdit',
  'eventPreview',
  'eventApprovalDetail',
  'legalInfo',
  'legalEdit',
  'legalPreview',
  'seniorPreview',
  'employmentAndResignation',
  'applyList',
  'deptFlowList',
  'employmentFormView',
  'resignationFormView',
  'certificat',
  'certificat/edit',
  'Leave',
  'LeaveManage',
  'Payment',
  'PaymentManage',
  'Borrow',
  'GoAbroad',
  'Passport',
  'Invite',
  'Visit',
  'Conference',
  'OnlineCar',
  'Email',
  'OfficeSuppliesManage',
];
/** What the default role opens (staff). */
const STAFF_ROUTES = [
  'sign',
  'signEdit',
  'briefingList',
  'reward/edit',
  'device',
  'contract',
  'bigEvents',
  'legalInfo',
  'employmentAndResignation',
  'resignationFormView',
  'certificat/edit',
  'Leave',
  'Payment',
  'Borrow',
  'GoAbroad',
  'Passport',
  'Invite',
  'Visit',
  'Conference',
  'OnlineCar',
  'Email',
  'OfficeSuppliesManage',
];

/** `inApp`: the route is opened inside the running app (support/in-app.ts) rather than by loading it. */
async function opensWorkingPage(page: Page, route: string, inApp = false): Promise<void> {
  if (inApp) await openInApp(page, route);
  else await page.goto(route);
  await expect(page.locator('.oa-page:visible').first(), route).toBeVisible();
  await expect(page.locator('[data-testid=unknown-route-page]:visible'), route).toHaveCount(0);
  for (const text of ['页面出错了', '页面加载失败', '没有访问该页面的权限'])
    await expect(page.getByText(text).filter({ visible: true }), route).toHaveCount(0);
  expect(new URL(page.url()).pathname, route).not.toMatch(/\/(401|404)$/);
  await a11yChecked(); // the next route only once axe has looked at this one
}

test.describe('approval module routes', () => {
  test('every route opens a working page for the administrator', async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, 'admin');
    // one load, then from route to route inside the app (the staff's walk below loads each of its routes)
    let left: string | undefined;
    for (const route of ROUTES) {
      await opensWorkingPage(page, route, true);
      left = await closeTab(page, left);
    }
  });

  test('staff open the application pages the default role grants, from the menu', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, 'staff');
    for (const route of STAFF_ROUTES) await opensWorkingPage(page, route);
    // and from the menu: 外事管理 → 护照管理, 人事管理 → 请假申请
    await menuEntry(page, '外事管理').click();
    await menuEntry(page, '护照管理').click();
    await expect(page).toHaveURL(/\/Passport$/);
    await expect(page.getByTestId('passport-page')).toBeVisible();
    await menuEntry(page, '人事管理').click();
    await menuEntry(page, '请假申请').click();
    await expect(page).toHaveURL(/\/Leave$/);
    await expect(page.getByTestId('leave-balance')).toBeVisible();
  });
});
