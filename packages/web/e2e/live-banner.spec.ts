import { expect, test } from './support/fixtures';
import { submitLogin } from './support/session';

// The machine running e2e is shared: allow slow page loads.
const SLOW = { timeout: 45_000 };
const TOPIC = '2026年度行业工作会议（直播）'; // the seed's open live meeting

for (const width of [1280, 1440]) {
  test(`the live banner shows the whole title and when it started, ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await submitLogin(page, 'admin', 'Oa@123456'); // the widest top bar: every platform link
    await expect(page.getByTestId('home-page')).toBeVisible(SLOW);
    const banner = page.locator('.oa-live');
    await expect(banner).toContainText(TOPIC, SLOW);
    await expect(banner.locator('.oa-live-time')).toHaveText(/^(\d{2}-\d{2} )?\d{2}:\d{2}( 开始)?$/);
    // not cut to "2026年…": the whole title at 1440 px, at least ten characters of it at 1280 px (all in the tooltip)
    const topic = banner.locator('.oa-live-topic');
    const shown = await topic.evaluate((e) => ({ whole: e.scrollWidth <= e.clientWidth, chars: e.clientWidth / 14 }));
    if (width >= 1440) expect(shown.whole).toBe(true);
    else expect(shown.chars).toBeGreaterThanOrEqual(10);
    await expect(banner).toHaveAttribute('title', new RegExp(`直播中：${TOPIC}`));
    // told to a screen reader too, politely (the shell's live region)
    await expect(page.getByTestId('live-announcer')).toHaveText(`直播中：${TOPIC}`);
    await expect(page.getByTestId('live-announcer')).toHaveAttribute('aria-live', 'polite');
    // and the rest of the top bar still fits the window
    const logout = await page.getByRole('button', { name: '退出' }).boundingBox();
    expect(logout && logout.x + logout.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`live-banner-${width}.png`), clip: { x: 0, y: 0, width, height: 60 } });
  });
}
