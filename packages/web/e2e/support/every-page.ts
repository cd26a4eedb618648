import type { Browser, Page } from '@playwright/test';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { expect, test } from './fixtures';
import { a11yChecked } from './a11y-watch';
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
 */
export const PARTS = 2;
const USERS = ['admin', 'leader'] as const;

/** The routes, each once with the first user whose list holds it, in the order of the users and their lists. */
async function allRoutes(pages: Page[]): Promise<{ user: number; route: string }[]> {
  const all = new Map<string, number>();
  for (const [user, page] of pages.entries()) {
    const functions = (await api(page, 'GET', 'api/auth/base/system/user/funList')).data as FunctionItem[];
    const routes = functions
      .filter((f) => f.menuType === '1' && f.isLink !== 'Y' && (f.platformCode ?? '1') === '1' && f.router && !f.router.includes(':'))
      .map((f) => f.router!.replace(/^\//, ''));
    expect(routes.length, USERS[user]).toBeGreaterThan(20);
    for (const route of routes) if (!all.has(route)) all.set(route, user);
  }
  expect(all.size).toBeGreaterThan(150);
  return [...all].map(([route, user]) => ({ user, route }));
}

/** Walks part `part` (0-based) of the routes: the administrator's and the leader's, each in a browser of their own. */
export async function walkEveryPage(browser: Browser, part: number): Promise<void> {
  test.setTimeout(1_200_000);
  const pages: Page[] = [];
  for (const user of USERS) pages.push(await openAs(browser, user));
  const mine = (await allRoutes(pages)).filter((_, i) => i % PARTS === part);
  for (const { user, route } of mine) {
    await pages[user]!.goto(route);
    await a11yChecked();
  }
  for (const page of pages) await page.context().close();
}
