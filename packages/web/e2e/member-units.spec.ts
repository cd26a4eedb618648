import path from 'node:path';
import { expect as baseExpect, test } from './support/fixtures';
import { openAs, submitLogin } from './support/session';
import { watchA11y } from './support/a11y-watch';
import { E2E_RESULTS_DIR } from './support/e2e-env';

/**
 * Issue 37, 成员单位: the office's document clerk adds a member unit and a contact on the 成员单位 page and is shown
 * the contact's one-time password once; the contact logs in to the unit area with it and sets his own password first.
 * Each try makes its own unit and account (tagged with the try's time).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shot = (name: string) => path.join(E2E_RESULTS_DIR, `member-units-${name}.png`);

test('the clerk adds a member unit and its contact, who logs in outside with the one-time password', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const unitName = `中国行业协会测试分会${tag}`;
  const account = `mu${tag}`;
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const clerk = await openAs(browser, 'zhaolei', 'memberUnits');
  clerk.setDefaultTimeout(15_000);
  const page = clerk.getByTestId('member-units');
  await expect(page).toContainText('中国行业协会华北分会');

  await clerk.getByTestId('unit-add').click();
  const unitDialog = clerk.getByRole('dialog', { name: '新增成员单位' });
  await unitDialog.getByLabel('单位编码').fill(`T${tag}`);
  await unitDialog.getByLabel('单位名称').fill(unitName);
  await unitDialog.getByRole('button', { name: /保\s*存/ }).click();
  const row = page.getByRole('row', { name: new RegExp(unitName) });
  await expect(row).toContainText('0 人');

  await row.getByRole('button', { name: '联系人' }).click();
  const drawer = clerk.getByTestId('unit-contacts');
  await expect(drawer).toContainText('暂无联系人');
  await drawer.getByTestId('contact-add').click();
  const contactDialog = clerk.getByRole('dialog', { name: '新增联系人' });
  await contactDialog.getByLabel('登录账号').fill(account);
  await contactDialog.getByLabel('联系人姓名').fill('林晓文');
  await contactDialog.getByLabel('手机号码').fill(mobile);
  await contactDialog.getByLabel('电子邮箱').fill(`${account}@member.org.cn`);
  await contactDialog.getByRole('button', { name: /保\s*存/ }).click();
  const password = (await clerk.getByTestId('one-time-password').innerText()).trim();
  expect(password).toHaveLength(16);
  await clerk.screenshot({ path: shot('one-time-password'), fullPage: true });
  await clerk.getByRole('button', { name: '我已记下' }).click();
  await expect(drawer).toContainText(mobile);
  await expect(drawer).toContainText('待改密');
  await clerk.screenshot({ path: shot('contacts'), fullPage: true });
  await clerk.keyboard.press('Escape');
  await expect(row).toContainText('1 人');
  await clerk.screenshot({ path: shot('page'), fullPage: true });
  await clerk.context().close();

  // the contact: his own area, and a new password before anything else
  const contact = await (await browser.newContext()).newPage();
  watchA11y(contact);
  await submitLogin(contact, account, password);
  await expect(contact).toHaveURL(/\/oa\/unitForWeb$/);
  const change = contact.getByRole('dialog', { name: '修改密码' });
  await expect(change).toContainText('一次性密码');
  await change.getByLabel('旧密码').fill(password);
  await change.getByLabel('新密码').fill('Unit@20261129');
  await change.getByLabel('确认密码').fill('Unit@20261129');
  await change.getByRole('button', { name: /确认修改/ }).click();
  await expect(change).toBeHidden();
  await expect(contact.getByTestId('unit-user-name')).toHaveText('林晓文');
  await expect(contact.getByText(`${unitName} · 收到的公文`)).toBeVisible();
  await contact.screenshot({ path: shot('unit-area'), fullPage: true });
  await contact.context().close();
});
