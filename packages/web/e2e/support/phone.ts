import { expect, test, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { watchA11y } from './a11y-watch';
import { E2E_PORT } from './e2e-env';
import { sessionState } from './session';

/** A phone's browser (Chrome on Android): the phone app's journeys open /oa/ with it. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * A new context of `browser` (default: the page's) with a phone's profile — 360×780, touch, a phone's user agent — at
 * the page's server (the slot's own before the page has opened one); `page`'s storage (its login) is carried over
 * when `signedIn` is set, or the demo account `as`'s kept session (support/session.ts) is loaded — the phone starts
 * signed in, as after its own login (typed in phone-mail.spec.ts, the spec of the phone's login page).
 */
export async function phoneContext(
  page: Page,
  { browser = page.context().browser()!, signedIn = false, as }: { browser?: Browser; signedIn?: boolean; as?: string } = {},
): Promise<BrowserContext> {
  const storageState = as ? await sessionState(page.context().browser()!, as) : signedIn ? await page.context().storageState() : undefined;
  const context = await browser.newContext({
    storageState,
    baseURL: /^https?:/.test(page.url()) ? new URL('/oa/', page.url()).toString() : `http://127.0.0.1:${E2E_PORT}/oa/`,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  context.on('page', watchA11y); // the phone app's pages are checked by axe too
  return context;
}

/** No horizontal scrolling at 360 px, and every visible button or link of the app (and its open sheet) ≥ 44 px. */
export async function fitsThePhone(page: Page): Promise<void> {
  const { width, wide } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    // what sticks out, named for the failure's message
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > 361 && ![...el.children].some((c) => c.getBoundingClientRect().right > 361))
      .slice(0, 5)
      .map((el) => {
        const path: string[] = [];
        for (let e: Element | null = el; e && path.length < 4; e = e.parentElement)
          path.push(`${e.tagName.toLowerCase()}${e.getAttribute('class') ? `.${e.getAttribute('class')!.split(' ')[0]}` : ''}`);
        return `${path.join(' < ')} ${Math.round(el.getBoundingClientRect().right)}`;
      }),
  }));
  expect(width, wide.join('\n')).toBeLessThanOrEqual(360);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.m-app button, .m-app a, .m-sheet button, .m-viewer button')]
      .filter((el) => el.offsetParent !== null && !el.closest('.ant-mentions, .ant-select'))
      .map((el) => ({ text: el.innerText || el.getAttribute('aria-label') || el.className, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(({ text, r }) => `${text} ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
  expect(small).toEqual([]);
}

/** A screenshot kept with the test's output: the whole page, or the screen as it is (`screen`) with a sheet over it. */
export const shot = (page: Page, name: string, screen = false) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: !screen });

/** The id DevTools gives the app's service worker registration (scope /oa/), to hand it a push message. */
export async function pushRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const id = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => x.scopeURL === `${origin}/oa/` && !x.isDeleted);
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return id;
}
