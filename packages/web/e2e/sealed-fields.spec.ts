import { expect, test, type Locator, type Page } from './support/fixtures';
import { loginAt } from './support/session';

/**
 * ID and bank card numbers stored encrypted (issue 36) clicked through: a staff record is saved with both, shown in
 * full to the administrator on the edit form as before, and a second record with the same ID number is refused (the
 * unique check runs on the keyed hash, the stored value being an SM4 envelope).
 */

const drawer = (page: Page) => page.getByRole('dialog', { name: /^(新增|编辑)/ });
const list = (page: Page) => page.getByTestId('register-list-hr_staff');
const ID_CARD = '110105199003076515';
const CARD = '6222020200112345679';

async function pick(page: Page, scope: Locator, label: string, option: string, search = false): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option, .ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: option })
    .first()
    .click();
}
async function typeDate(scope: Locator, label: string, text: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

async function fillStaff(page: Page, staffNo: string, name: string): Promise<void> {
  await list(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const d = drawer(page);
  await d.getByLabel('工号', { exact: true }).fill(staffNo);
  await d.getByLabel('姓名', { exact: true }).fill(name);
  await pick(page, d, '性别', '男');
  await d.getByLabel('身份证号', { exact: true }).fill(ID_CARD);
  await pick(page, d, '最高学历', '大学本科');
  await pick(page, d, '所在部门', '办公室', true);
  await pick(page, d, '岗位类别', '管理岗');
  await pick(page, d, '用工形式', '劳动合同制');
  await typeDate(d, '入职日期', '2020-07-01');
  await d.getByLabel('手机号码', { exact: true }).fill('13900001234');
  await d.getByLabel('工资卡号', { exact: true }).fill(CARD);
  await pick(page, d, '在职状态', '在职');
  await d.getByRole('button', { name: /保\s*存/ }).click();
}

test.describe('sealed form fields', () => {
  test.beforeEach(() => test.slow());
  test('a staff record keeps its ID and card numbers; a second one with the same ID number is refused', async ({ page }) => {
    await loginAt(page, 'admin', 'StaffManage');
    await expect(list(page)).toBeVisible();
    await fillStaff(page, 'YG900001', '加密测试');
    await expect(drawer(page)).toBeHidden();
    const row = list(page).locator('.ant-table-row').filter({ hasText: 'YG900001' });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await expect(drawer(page).getByLabel('身份证号', { exact: true })).toHaveValue(ID_CARD);
    await expect(drawer(page).getByLabel('工资卡号', { exact: true })).toHaveValue(CARD);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();

    await fillStaff(page, 'YG900002', '加密重复');
    await expect(page.getByText(`身份证号「${ID_CARD}」已存在`).first()).toBeVisible();
    await page.screenshot({ path: `${process.env.OA_E2E_TMP ?? '.tmp'}/sealed-fields.png` });
  });
});
