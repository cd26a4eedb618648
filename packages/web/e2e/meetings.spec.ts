import { expect, test, type Page } from './support/fixtures';
import { loginAt, leave } from './support/session';

// The machine running e2e is shared: allow slow page loads.
const SLOW = { timeout: 45_000 };

/**
 * A seeded room without approval that the seed books only on other days: 第二会议室, and 党员活动室 for a retry (the
 * first try's booking still holds the slot).
 */
const room = () => (test.info().retry ? { id: 6, name: '党员活动室' } : { id: 2, name: '第二会议室' });

/** A slot starting a few minutes from now (check-in opens 30 minutes before the start). */
function slot() {
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 300_000) * 300_000);
  return { start: start.toISOString(), end: new Date(start.getTime() + 3600_000).toISOString() };
}

/** Chooses an option of a searchable select (by its form field id) and closes the list. */
async function pick(page: Page, fieldId: string, text: string) {
  await page.locator(`#${fieldId}`).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

test.describe('meeting rooms and live meetings', () => {
  test.describe.configure({ timeout: 600_000 });
  test('books a room, sees the clash, the invitee accepts, checks in by the link and records minutes', async ({ page }) => {
    const s = slot();
    const { id: roomId, name: roomName } = room();
    const bookUrl = `meetingEdit?roomId=${roomId}&startTime=${encodeURIComponent(s.start)}&endTime=${encodeURIComponent(s.end)}`;
    await loginAt(page, 'staff', 'meeting');
    await expect(page.getByTestId('room-grid')).toContainText(roomName, SLOW);

    // book from the grid's link: room and time come filled in
    await page.goto(bookUrl);
    const form = page.getByTestId('meeting-edit-page');
    await form.getByLabel('会议主题').fill('项目推进碰头会');
    await expect(form.getByTestId('room-select')).toContainText(roomName, SLOW);
    await pick(page, 'host', '王建国');
    await pick(page, 'invitees', '陈静');
    await form.getByRole('button', { name: '提交预订' }).click();
    await expect(page.getByTestId('meeting-title')).toHaveText('项目推进碰头会', SLOW);
    const id = new URL(page.url()).searchParams.get('id');
    expect(Number(id)).toBeGreaterThan(0);
    await expect(page.getByTestId('checkin-qr')).toBeVisible();

    // the same slot again: refused, naming the meeting that holds it
    await page.goto(bookUrl);
    await page.getByTestId('meeting-edit-page').getByLabel('会议主题').fill('另一个会');
    await page.getByRole('button', { name: '提交预订' }).click();
    await expect(page.getByTestId('meeting-clash')).toContainText('项目推进碰头会', SLOW);
    await leave(page);

    // the host (invited) accepts, checks in through the meeting's link, and records the minutes
    await loginAt(page, 'leader', `meeting/detail?id=${id}`);
    await page.getByRole('button', { name: /^参\s*加$/ }).click(SLOW);
    await expect(page.getByText('已确认参加').first()).toBeVisible();
    await page.goto(`meeting/detail?id=${id}&checkin=1`);
    await expect(page.getByTestId('checkin-result')).toHaveText('签到成功', SLOW);
    await expect(page.locator('tr[data-row-key="leader"]')).toContainText('已签到');

    const minutes = page.getByTestId('meeting-minutes');
    await minutes.getByRole('button', { name: '记录纪要' }).click();
    await minutes.getByLabel('会议纪要').fill('会议听取了项目进展汇报，明确了下一步分工。');
    await minutes.getByLabel('决议 1').fill('行业发展部两周内提交实施方案');
    await minutes.getByRole('button', { name: '保存纪要' }).click();
    await expect(minutes).toContainText('会议听取了项目进展汇报');
    await expect(minutes).toContainText('行业发展部两周内提交实施方案');
    await expect(minutes.getByRole('button', { name: '转为督办' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('meeting-detail.png'), fullPage: true });
  });

  test('creates a live meeting, sees the banner and plays the stream in the viewer', async ({ page }) => {
    await loginAt(page, 'admin', 'live/edit');
    const form = page.getByTestId('live-edit-page');
    await form.getByLabel('会议主题').fill('端到端测试直播');
    await form.getByText('直播中', { exact: true }).click();
    await form.getByLabel(/内网直播地址/).fill('/oa/demo-live/index.m3u8');
    await form.getByLabel(/外网直播地址/).fill('/oa/demo-live/index.m3u8');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByTestId('live-list-page')).toContainText('端到端测试直播', SLOW);

    const banner = page.locator('.oa-live');
    await expect(banner).toContainText('端到端测试直播', SLOW);
    await banner.click();
    await expect(page).toHaveURL(/\/live\/index\?infoCode=/);
    const video = page.getByTestId('live-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 }).toBeGreaterThan(1);
    await page.screenshot({ path: test.info().outputPath('live-viewer.png') });

    // closing it (spec §4) takes it off the banner
    await page.goto('live/list');
    const row = page.getByRole('row').filter({ hasText: '端到端测试直播' });
    await row.getByRole('button', { name: '结束' }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(row).toContainText('已结束');
    await expect(banner).not.toContainText('端到端测试直播');
  });
});
