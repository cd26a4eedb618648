import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA (GB/T 37668-2019 follows WCAG 2.1). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);
/** nodes listed per rule: enough to find the cause, short enough to read */
const NODES_PER_RULE = 5;

/** The critical and serious WCAG 2.1 AA violations axe finds on the page as it is now, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // legacy mode runs axe inside the page alone: the default opens a blank page of the context to merge the frames'
  // results, which the journey would see as a page of its own. Only the violations are read: axe collects the nodes of
  // the other result types (passes, incomplete, inapplicable) only as far as one each, which about halves a check's time.
  // (options() replaces the options whole: it comes before withTags(), which adds the tags to them)
  const { violations } = await new AxeBuilder({ page, ...((await axeInEveryFrame(page)) ? { axeSource: ALREADY_IN } : {}) })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((v) => {
      const lines = v.nodes.slice(0, NODES_PER_RULE).map((n) => {
        const summary = (n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
        return `  ${v.id} [${v.impact}] ${n.target.join(' > ')} — ${summary}`;
      });
      const more = v.nodes.length - NODES_PER_RULE;
      return more > 0 ? [...lines, `  ${v.id}: ${more} more`] : lines;
    });
}

/**
 * The axe "source" for a page whose every frame still holds axe from an earlier check (a route changed inside the app
 * keeps its window): AxeBuilder evaluates its source in the page and in each frame before every run, about 0.2 s of
 * parsing 600 kB each time, twice per check. (An empty string would make AxeBuilder fall back to the full source.)
 */
const ALREADY_IN = 'void 0';

/** Whether every frame of the page holds axe (nothing but these checks puts it there). */
async function axeInEveryFrame(page: Page): Promise<boolean> {
  const held = await Promise.all(page.frames().map((frame) => frame.evaluate('typeof window.axe?.run === "function"').catch(() => false)));
  return held.every(Boolean);
}

/** Fails when axe finds a critical or serious WCAG 2.1 AA violation on the page, listing rule, target and summary. */
export async function expectAccessible(page: Page, where = routeOf(page.url())): Promise<void> {
  const found = await axeViolations(page);
  if (found.length) throw new Error(`axe: critical or serious WCAG 2.1 AA violations on ${where}:\n${found.join('\n')}`);
}

/** The route a check is kept under: the path below /oa/ (ids in it included, the query left out). */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/^\/oa(?=\/)/, '') || '/';
}

/**
 * Waits (bounded) until the page has rendered and stopped loading — no visible spinner, skeleton or loading button —
 * and (briefly) until no CSS transition runs: a colour caught mid-transition is not the page's colour. A hidden one
 * does not count: a tab kept in the background (the home tab behind a page opened directly) is rendered hidden, its
 * effects never run, so its skeletons spin until it is shown — and axe does not look at hidden content anyway. (Before,
 * every page opened directly waited out the 10 s bound on the hidden home tab's skeletons.)
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(
      () => {
        const root = document.getElementById('root');
        const busy = '.ant-spin-spinning, .ant-skeleton-active, .ant-spin-dot-spin, .ant-btn-loading';
        return !!root?.childElementCount && ![...document.querySelectorAll(busy)].some((el) => el.checkVisibility());
      },
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => undefined); // a page that keeps a spinner is checked as it is
  await page
    .waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'), undefined, {
      timeout: 1_500,
      polling: 100,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300); // the last answer's render
}
