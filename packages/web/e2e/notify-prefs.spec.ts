import { expect, test, type Page } from './support/fixtures';
import { APPROVAL_SAMPLES } from '@oa/shared/test/approval-samples';
import { login, loginAt, leave, submitLogin } from './support/session';
import { signedHeaders } from './support/signed-api';

const SLOW = { timeout: 45_000 };
const PREFS = 'api/auth/oa/notify/myPrefs';

/** Picks a time in one of the card's time selects. */
async function pickTime(page: Page, testId: string, time: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(time);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: time }).first().click();
}

/** What the server holds for the logged-in person. */
async function stored(page: Page) {
  const res = await page.request.get(PREFS, { headers: await signedHeaders(page, PREFS) });
  return (await res.json()).data as { quietFrom: string | null; quietTo: string | null; digestAt: string };
}

test.describe('消息通知设置 and message links', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a person sets quiet hours and the digest time on 个人中心; they are kept', async ({ page }) => {
    await loginAt(page, 'zhengxiuying', 'personal');
    const card = page.getByTestId('notify-prefs-card');
    await expect(card).toBeVisible(SLOW);
    // a re-run starts from whatever the last try left: switch quiet hours on whatever they were
    const quiet = page.getByTestId('notify-quiet-switch');
    if ((await quiet.getAttribute('aria-checked')) !== 'true') await quiet.click();
    await pickTime(page, 'notify-quiet-from', '21:30');
    await pickTime(page, 'notify-quiet-to', '06:30');
    await pickTime(page, 'notify-digest-at', '08:00');
    await page.getByTestId('notify-prefs-save').click();
    await expect(page.getByText('消息通知设置已保存')).toBeVisible(SLOW);
    expect(await stored(page)).toMatchObject({ quietFrom: '21:30', quietTo: '06:30', digestAt: '08:00' });
    await page.screenshot({ path: test.info().outputPath('notify-prefs-desktop.png'), fullPage: true });

    await page.reload();
    await expect(page.getByTestId('notify-quiet-from')).toContainText('21:30', SLOW);
    await expect(page.getByTestId('notify-digest-at')).toContainText('08:00');
    // quiet hours off again: both times cleared on the server
    await page.getByTestId('notify-quiet-switch').click();
    await page.getByTestId('notify-prefs-save').click();
    await expect(page.getByText('消息通知设置已保存')).toBeVisible(SLOW);
    expect(await stored(page)).toMatchObject({ quietFrom: null, quietTo: null, digestAt: '08:00' });
  });
});

test('the opinion box offers people after @; the one mentioned who may read the record is told', async ({ page }) => {
  test.setTimeout(240_000);
  const subject = `提及测试 ${Date.now()}`;
  await login(page, 'staff');
  const path = 'api/auth/oa/records/oa_sign/submit';
  const data = { ...APPROVAL_SAMPLES.find((s) => s.code === 'oa_sign')!.data, subject };
  const res = await page.request.post(path, { data: { data }, headers: await signedHeaders(page, path) });
  const json = (await res.json()) as { code: number; message: string; data: { id: string } };
  expect(json.code, json.message).toBe(0);
  await leave(page);

  await loginAt(page, 'leader', `signPreview?id=${json.data.id}`);
  const view = page.getByTestId('module-preview-oa_sign');
  await view.getByRole('button', { name: /同\s*意/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '审批意见' });
  const box = dialog.getByLabel('审批意见');
  await box.click();
  await page.keyboard.type('请 @系统');
  await page.locator('.ant-mentions-dropdown:visible .ant-mentions-dropdown-menu-item').filter({ hasText: '系统管理员' }).first().click();
  await page.keyboard.type('阅示');
  await expect(box).toHaveValue('请 @系统管理员 阅示');
  await page.screenshot({ path: test.info().outputPath('opinion-mention.png') });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden(SLOW);
  await leave(page);

  await loginAt(page, 'admin', 'message');
  await expect(page.getByTestId('message-page').getByText(`@提及：${subject}`).first()).toBeVisible(SLOW);
});

for (const [name, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`a message link on a ${name}`, () => {
    test.use({ viewport });
    test('leads through login to its item', async ({ page }) => {
      // the link of a 提醒未读 message: <OA_PUBLIC_URL>/oa/information/preview?id=…, opened without a session
      await page.goto('information/preview?id=Nseed07');
      await expect(page).toHaveURL(/\/oa\/login\?redirect=%2Finformation%2Fpreview%3Fid%3DNseed07$/, SLOW);
      await submitLogin(page, 'lina', 'Oa@123456');
      // lina reads it (she is not in its approval): the preview gives way to /information/view, where the read counts
      await expect(page).toHaveURL(/\/oa\/information\/view\?id=Nseed07$/, SLOW);
      await expect(page.getByTestId('news-view')).toContainText('领导班子第十二次会议纪要', SLOW);
      await page.screenshot({ path: test.info().outputPath(`message-link-${name}.png`) });
    });
  });
}
