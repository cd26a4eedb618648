import { expect, type Page } from '@playwright/test';
import { holdA11y } from './a11y-watch';

/*
 * Moving between routes inside the running desktop app (one page load, then the router's own route changes), for
 * walks through many routes (support/every-page.ts, approval-modules.spec.ts).
 */

/**
 * Opens `route` inside the running app, as its router's own navigation does (a history entry of the router's shape,
 * then the popstate the router listens to), and waits until the app shows it: the window title of the route (the
 * app sets it once the new route has rendered; when given) and, inside the desktop shell, the route's tab active
 * (without a title the route must be one of the shell's). The watched page's axe check of the route waits for this
 * (holdA11y). Watched on every frame rather than by expect's back-off polling, which would add up to a few hundred
 * ms to each route.
 */
export async function openInApp(page: Page, route: string, title?: string): Promise<void> {
  const ready = showRoute(page, route, title);
  holdA11y(page, ready); // axe waits until the route's page is on screen
  await ready;
}

async function showRoute(page: Page, route: string, title: string | undefined): Promise<void> {
  await page.evaluate((url) => {
    const idx = (history.state as { idx?: number } | null)?.idx;
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (idx ?? 0) + 1 };
    history.pushState(state, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, `/oa/${route}`);
  const shown = await page
    .waitForFunction(
      ({ title, path }) => {
        if (title !== undefined && !document.title.startsWith(`${title} - `)) return false;
        const tabs = document.querySelector('.oa-tabs');
        const active = tabs?.querySelector('.ant-tabs-tab-active')?.getAttribute('data-node-key');
        return tabs ? active?.toLowerCase() === path.toLowerCase() : title !== undefined;
      },
      { title, path: `/${route}` },
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (shown) return;
  // not shown: the same conditions again, to fail with what the app shows instead
  if (title !== undefined) await expect(page, route).toHaveTitle(new RegExp(`^${escapeRegExp(title)} - `), { timeout: 1 });
  await expect(page.locator('.oa-tabs .ant-tabs-tab-active'), route).toHaveAttribute(
    'data-node-key',
    new RegExp(`^/${escapeRegExp(route)}$`, 'i'),
    { timeout: 1 },
  );
}

/**
 * Closes the tab `key` the walk left (the middle click the tabs bar closes a tab on), so the pages walked do not pile
 * up, kept alive in hidden tabs, as they never did when each was a page load of its own; a pinned tab (the home
 * page's, no ×) stays. Returns the key of the tab now active, to close next time (outside the shell: still `key`).
 * The walk's end checks that the tabs did not pile up.
 */
export async function closeTab(page: Page, key: string | undefined): Promise<string | undefined> {
  return page.evaluate((left) => {
    const tabs = document.querySelector('.oa-tabs');
    if (!tabs) return left;
    const active = tabs.querySelector('.ant-tabs-tab-active')?.getAttribute('data-node-key') ?? undefined;
    const tab = left && left !== active ? tabs.querySelector(`.ant-tabs-tab[data-node-key="${left}"]`) : null;
    if (tab?.querySelector('.ant-tabs-tab-remove')) tab.dispatchEvent(new MouseEvent('mouseup', { button: 1, bubbles: true }));
    return active;
  }, key);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
