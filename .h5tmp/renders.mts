// one-off: React commits on the phone to-do page (4x CPU), via a devtools hook
import { chromium } from '@playwright/test';
import { TOKEN_KEY } from '../packages/shared/src/constants';
const base = process.argv[2];
const token = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36' });
const page = await ctx.newPage();
await page.goto(`${base}/oa/favicon.svg`);
await page.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token]);
await page.addInitScript({ content: `
  var w = window;
  w.__commits = [];
  const named = (f) => { const t = f.type; return typeof t === 'function' ? (t.displayName || t.name || 'anon') : typeof t === 'string' ? t : (t?.displayName || (t?.render?.name) || String(f.tag)); };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), isDisabled: false, inject() { return 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let n = 0; const top = [];
      const walk = (f, depth) => { for (let c = f; c; c = c.sibling) { if (c.flags & 1 && typeof c.type === "function") { n++; if (top.length < 80) top.push(named(c)); } c.flags &= ~1; if (c.child) walk(c.child, depth + 1); } };
      walk(root.current.child, 0);
      w.__commits.push({ t: Math.round(performance.now()), rendered: n, first: top.join(' ') });
    } };
` });
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Performance.enable');
const obs = await page.evaluate(() => 0);
await page.goto(`${base}/oa/m/`);
await page.waitForSelector('[data-testid="m-list-item"], .m-empty', { timeout: 60000 });
await page.waitForTimeout(5000); console.log('items', await page.locator('[data-testid="m-list-item"]').count(), 'empty', await page.locator('.m-empty').count());
const res = (await page.evaluate('({ commits: window.__commits })')) as { commits: Array<{ t: number; rendered: number; first: string }> };
for (const c of res.commits) console.log(c.t, 'ms', c.rendered, 'components:', c.first);
await browser.close();
