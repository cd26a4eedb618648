import { chromium, expect as baseExpect, test, type Page } from './support/fixtures';
import { MEETING_API } from '@oa/shared/contract/meetings';
import { watchA11y } from './support/a11y-watch';
import { DEMO_PASSWORD } from './support/e2e-env';
import { fakeCameraFile } from './support/fake-camera';
import { fitsThePhone, phoneContext, shot } from './support/phone';
import { loginAt } from './support/session';
import { api } from './support/signed-api';

/**
 * Issue 34, the phone app's 应用: a staff member is invited to a meeting, declines and then accepts on the phone, and
 * checks in by scanning the meeting's QR code with the phone's camera — Chromium's fake camera films the QR code the
 * desktop's meeting page shows — after which the organiser's attendee table says 已签到. Then the salary slip after
 * confirming who one is, the news and the address book with tap-to-call, each page at 360 px.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });

const RUN = Date.now().toString(36).slice(-5);
/** Rooms without approval: the next when the slot is taken (another journey's booking, a retry). */
const ROOMS = [5, 4, 1, 2, 6];

/** Books a meeting starting a few minutes from now (check-in opens 30 minutes before) as the page's user; its id. */
async function book(page: Page, title: string, invitees: string[]): Promise<number> {
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 300_000) * 300_000);
  const end = new Date(start.getTime() + 3600_000);
  const path = MEETING_API.insert.slice(1);
  for (const roomId of ROOMS) {
    const body = { title, meetingType: '办公会议', roomId, startTime: start.toISOString(), endTime: end.toISOString(), invitees };
    const res = await api(page, 'POST', path, body);
    if (res.code === 0) return (res.data as { ids: number[] }).ids[0]!;
  }
  throw new Error('no free room for the meeting');
}

/** Opens `path` on a phone that is signed in (its login page is phone-mail.spec.ts's): the page itself, no login. */
async function openOnPhone(m: Page, path: string): Promise<void> {
  await m.goto(path);
  await expect(m).toHaveURL(new RegExp(`/oa/${path}$`));
}

/**
 * The phone app's own login, reached by opening `path` without a session; back on `path` after it. For a session of
 * the phone's own: the salary slip's identity step holds for the session it was passed in, and a kept session may
 * have passed it already (office.spec.ts).
 */
async function phoneLogin(m: Page, user: string, path: string): Promise<void> {
  await m.goto(path);
  await expect(m.getByTestId('m-login')).toBeVisible();
  await m.getByLabel('账号', { exact: true }).fill(user);
  await m.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await m.getByRole('button', { name: /登\s*录/ }).tap();
  await expect(m).toHaveURL(new RegExp(`/oa/${path}$`));
}

test('invited on the desktop, the staff member answers on the phone and checks in by scanning the QR code', async ({ page }) => {
  const title = `手机扫码签到会-${RUN}`;
  await loginAt(page, 'leader', 'meeting');
  const id = await book(page, title, ['staff']);
  await page.goto(`meeting/detail?id=${id}`);
  const qr = page.getByTestId('checkin-qr').locator('svg');
  await expect(qr).toBeVisible();
  const video = await fakeCameraFile(await qr.screenshot(), test.info().outputPath('meeting-qr.y4m'));

  // the phone: a browser whose camera films the QR code of this meeting
  const launch = test.info().project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const phone = await phoneContext(page, { browser, as: 'staff' });
    const m = await phone.newPage();
    watchA11y(m);
    await openOnPhone(m, 'm/apps/meetings');
    const card = m.getByTestId('m-meeting').filter({ hasText: title });
    await expect(card).toContainText('未回复');
    await fitsThePhone(m);
    await shot(m, 'm-meetings');

    // 不参加 asks for the reason; then the person changes their mind on the meeting's page
    await card.getByRole('button', { name: '不参加' }).tap();
    const dialog = m.locator('.ant-modal').filter({ hasText: '不参加会议' });
    await expect(dialog.getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    await dialog.getByLabel('不参加的原因').fill('外出调研');
    await fitsThePhone(m);
    await shot(m, 'm-decline', true);
    await dialog.getByRole('button', { name: /确\s*定/ }).tap();
    await expect(card).toContainText('不参加');
    await card.getByRole('link').tap();
    await expect(m.getByTestId('m-meeting-title')).toHaveText(title);
    const mine = m.getByTestId('m-my-attendance');
    await expect(mine).toContainText('不参加');
    await mine.getByRole('button', { name: /^参\s*加$/ }).tap();
    await expect(mine).toContainText('回复：参加');
    await expect(mine).toContainText('未签到');
    await fitsThePhone(m);
    await shot(m, 'm-meeting');

    // 扫码签到: the camera reads the code, the meeting's page checks in
    await mine.getByRole('button', { name: '扫码签到' }).tap();
    await expect(m.getByTestId('m-checkin-result')).toHaveText('签到成功', { timeout: 45_000 });
    await expect(m).toHaveURL(new RegExp(`/oa/m/apps/meeting\\?id=${id}$`));
    await expect(mine).toContainText('已签到');
    await fitsThePhone(m);
    await shot(m, 'm-checked-in');

    // the same code read by the phone's own camera app opens its link: the phone's meeting page, checked in already
    await m.goto(`meeting/detail?id=${id}&checkin=1`);
    await expect(m.getByTestId('m-checkin-result')).toHaveText(/^您已于 \d{2}:\d{2} 签到$/);
    await expect(m).toHaveURL(new RegExp(`/oa/m/apps/meeting\\?id=${id}$`));

    // the scan page opened by itself reads the code from the camera at once and goes to the meeting's page
    await m.goto('m/apps/scan');
    await expect(m.getByTestId('m-checkin-result')).toHaveText(/^您已于 \d{2}:\d{2} 签到$/, { timeout: 45_000 });
    await expect(m).toHaveURL(new RegExp(`/oa/m/apps/meeting\\?id=${id}$`));
  } finally {
    await browser.close();
  }

  // the organiser's attendee table on the desktop
  await page.reload();
  await expect(page.locator('tr[data-row-key="staff"]')).toContainText('已签到');
  await expect(page.locator('tr[data-row-key="staff"]')).toContainText('参加');
});

test('salary slip after identity confirmation, news and the address book with tap-to-call on the phone', async ({ page }) => {
  await page.goto('login');
  const phone = await phoneContext(page);
  const m = await phone.newPage();
  watchA11y(m);
  await phoneLogin(m, 'staff', 'm/apps');
  await expect(m.getByTestId('m-tabbar')).toContainText('应用');
  await fitsThePhone(m);
  await shot(m, 'm-apps');

  // 工资条: the desktop's identity step (the login password again), then the slips and one slip readable at 360 px
  await m.getByTestId('m-app-salary').tap();
  const verify = m.getByTestId('salary-verify');
  await expect(verify).toBeVisible();
  await fitsThePhone(m);
  await shot(m, 'm-salary-verify');
  await verify.getByPlaceholder('请输入登录密码').fill(DEMO_PASSWORD);
  await verify.getByRole('button', { name: '验证并查看' }).tap();
  await expect(m.getByTestId('m-salary')).toContainText('身份已验证');
  await m.getByTestId('m-slip-row').first().tap();
  const slip = m.getByTestId('m-salary-slip');
  await expect(slip).toContainText('刘小雨');
  await expect(slip).toContainText('实发工资');
  await fitsThePhone(m);
  await shot(m, 'm-salary-slip');
  await slip.getByRole('button', { name: '返回列表' }).tap();
  await m.getByTestId('m-salary').getByRole('button', { name: '返回' }).tap();

  // 新闻资讯: the list with covers, an article with the server's sanitised body
  await m.getByTestId('m-app-news').tap();
  const first = m.getByTestId('m-news-item').first();
  await expect(first).toBeVisible();
  const headline = (await first.locator('.m-card-title').innerText()).replace(/^置顶\s*/, '');
  // the covers are thumbnails (w=), and they load
  const cover = first.getByTestId('article-cover');
  await expect(cover).toHaveAttribute('src', /[?&]w=\d+/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await fitsThePhone(m);
  await shot(m, 'm-news');
  await first.tap();
  await expect(m.getByTestId('m-article-title')).toHaveText(headline);
  await expect(m.locator('.m-article-body')).not.toBeEmpty();
  const covers = m.locator('.m-article [data-testid="article-cover"], .m-article-body img');
  for (const src of await covers.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))) expect(src).toMatch(/[?&]w=\d+/);
  await fitsThePhone(m);
  await shot(m, 'm-article');

  // 通讯录: a search, a colleague's office line to tap; a mobile the viewer may not see is masked and not dialled
  await m.goto('m/apps/contacts');
  await m.getByLabel('搜索通讯录').fill('王建国');
  const person = m.getByTestId('m-person-leader');
  await expect(person).toBeVisible();
  await expect(person.getByTestId('m-call-tel')).toHaveAttribute('href', 'tel:01068511103');
  await expect(person.getByTestId('m-call-mobile')).toHaveCount(0);
  await expect(person).toContainText('手机：139****2409');
  await fitsThePhone(m);
  await shot(m, 'm-contacts');
  await phone.close();
});
