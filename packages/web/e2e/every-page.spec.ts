import type { FunctionItem } from '@oa/shared/contract/auth';
import { expect, test } from './support/fixtures';
import { a11yChecked } from './support/a11y-watch';
import { api } from './support/signed-api';
import { login, logout } from './support/session';

/**
 * Every page of the desktop app under axe (issue 40), beyond the states the area journeys open them in: the
 * administrator (the system pages and the application modules) and then the leader (the business areas) open every
 * page route of their own function lists — hidden ones (forms, previews, details) too, as they open without an item —
 * each route once, staying on it until axe has looked at it (support/fixtures.ts: a violation fails this journey).
 */
test('every page the administrator and the leader may open passes axe', async ({ page }) => {
  test.setTimeout(1_800_000);
  const walked = new Set<string>();
  for (const user of ['admin', 'leader']) {
    await login(page, user);
    const functions = (await api(page, 'GET', 'api/auth/base/system/user/funList')).data as FunctionItem[];
    const routes = functions
      .filter((f) => f.menuType === '1' && f.isLink !== 'Y' && (f.platformCode ?? '1') === '1' && f.router && !f.router.includes(':'))
      .map((f) => f.router!.replace(/^\//, ''));
    expect(routes.length, user).toBeGreaterThan(20);
    for (const route of routes) {
      if (walked.has(route)) continue;
      walked.add(route);
      await page.goto(route);
      await a11yChecked();
    }
    await logout(page);
  }
  expect(walked.size).toBeGreaterThan(150);
});
