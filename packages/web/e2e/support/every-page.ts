import type { Browser, Page } from '@playwright/test';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { expect, test } from './fixtures';
import { a11yChecked } from './a11y-watch';
import { closeTab, openInApp } from './in-app';
import { api } from './signed-api';
import { openAs } from './session';

/**
 * Every page of the desktop app under axe (issue 40), beyond the states the area journeys open them in: every page
 * route of the administrator's function list (the system pages and the application modules) and of the leader's (the
 * business areas) — hidden ones (forms, previews, details) too, as they open without an item — each route once, by
 * the first of the two whose list holds it, staying on it until axe has looked at it (support/fixtures.ts: a
 * violation fails the walk). The walk is split into `PARTS` spec files (every-page-1…), each taking every PARTS-th
 * route of the same list, so the run's workers share it rather than one worker walking all of it after the others
 * are done.
 *
 * Each user's browser loads the app once; the walk then moves from route to route inside it, as a person following
 * links does (the router's own history change, `openInApp`), rather than loading the whole app again for each route.
 * A route counts as opened once the app shows it (its title, its tab) and has settled; it fails when the app shows
 * an error instead (a crashed page, a failed load, no such page) or a script error escapes.
 */
export const PARTS = 2;
const USERS = ['admin', 'leader'] as const;

interface Stop {
  user: number;
  route: string;
  /** the function's name: the route's tab and window title */
  title: string;
}

/** The routes, each once with the first user whose list holds it, in the order of the users and their lists. */
async function allRoutes(pages: Page[]): Promise<Stop[]> {
  const all = new Map<string, Stop>();
  for (const [user, page] of pages.entries()) {
    const functions = (await api(page, 'GET', 'api/auth/base/system/user/funList')).data as FunctionItem[];
    const routes = functions.filter(
      (f) => f.menuType === '1' && f.isLink !== 'Y' && (f.platformCode ?? '1') === '1' && f.router && !f.router.includes(':'),
    );
    expect(routes.length, USERS[user]).toBeGreaterThan(20);
    for (const f of routes) {
      const route = f.router!.replace(/^\//, '');
      if (!all.has(route)) all.set(route, { user, route, title: f.funName });
    }
  }
  expect(all.size).toBeGreaterThan(150);
  return [...all.values()];
}

/**
 * What the app shows in place of a page it could not open: a page that crashed (the tab's PageBoundary), a failed
 * load (RouteError), a guard problem. (No such page leads to /404, whose title is not the route's.) A page's own
 * answer to being opened without an item (a "missing id" result) is the page, and is checked as it is.
 */
const errorScreen = (page: Page) =>
  page
    .locator('.ant-result-title')
    .filter({ hasText: /^(页面出错了|页面加载失败)$/ })
    .or(page.getByTestId('guard-problem'))
    .filter({ visible: true });

/** Walks part `part` (0-based) of the routes: the administrator's and the leader's, each in a browser of their own. */
export async function walkEveryPage(browser: Browser, part: number): Promise<void> {
  test.setTimeout(1_200_000);
  const pages: Page[] = [];
  for (const user of USERS) pages.push(await openAs(browser, user));
  const errors = pages.map(() => [] as string[]);
  pages.forEach((page, user) => page.on('pageerror', (e) => errors[user]!.push(e.message)));
  const mine = (await allRoutes(pages)).filter((_, i) => i % PARTS === part);
  const lastTab: (string | undefined)[] = pages.map(() => undefined);
  for (const { user, route, title } of mine) {
    const page = pages[user]!;
    await openInApp(page, route, title);
    await a11yChecked();
    await expect(errorScreen(page), route).toHaveCount(0);
    expect(errors[user], `script errors on ${route}`).toEqual([]);
    lastTab[user] = await closeTab(page, lastTab[user]);
  }
  // the tabs walked were closed behind the walk: the home page's, the last route's and the one before it at most
  for (const page of pages) expect(await page.locator('.oa-tabs .ant-tabs-tab').count()).toBeLessThanOrEqual(3);
  for (const page of pages) await page.context().close();
}
