import { test, type Page } from '@playwright/test';
import { axeViolations, routeOf, settled } from './a11y';

/**
 * The axe check inside the journeys: every page a watched browser page opens (a load or an in-app route change) is
 * checked once it has settled, once per distinct route and width (a phone's or a desk's) per spec file (a worker runs
 * one spec's tests in order, so the routes checked are kept per file). Checks run one after the other beside the test's own steps; the test's
 * fixture (`support/fixtures.ts`) waits for them when the test ends and fails it with what they found.
 *
 * A page that navigates away while it is being checked is simply checked again on its next visit. The login page and
 * the pages a spec opens on purpose without logging in are checked too.
 */
const checkedRoutes = new Map<string, Set<string>>();
const watched = new WeakSet<Page>();
/** Per page, what its next check waits for before it looks (`holdA11y`). */
const holds = new WeakMap<Page, Promise<unknown>>();
let pending: Promise<void> = Promise.resolve();
let found: string[] = [];

/**
 * The checks of `page` wait for `ready` (settled either way) before they look: a route change made inside the app
 * (history.pushState, support/every-page.ts) shows its address at once, while the previous route's page is still on
 * screen until the router has loaded and rendered the new one — `ready` is the caller's wait for that.
 */
export function holdA11y(page: Page, ready: Promise<unknown>): void {
  holds.set(
    page,
    ready.catch(() => undefined),
  );
}

/** Checks every route `page` opens from now on (idempotent). */
export function watchA11y(page: Page): void {
  if (watched.has(page) || process.env.OA_E2E_AXE === 'off') return;
  watched.add(page);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) queueCheck(page, routeOf(frame.url()));
  });
}

/** A route as checked: the phone's width lays a page out anew (other controls, other overflow), so it counts apart. */
const widthOf = (page: Page) => ((page.viewportSize()?.width ?? 1440) < 768 ? 'phone' : 'desk');

function queueCheck(page: Page, route: string): void {
  if (!/^https?:/.test(page.url())) return;
  const spec = test.info().file;
  const routes = checkedRoutes.get(spec) ?? new Set<string>();
  checkedRoutes.set(spec, routes);
  const key = `${route} ${widthOf(page)}`;
  if (routes.has(key)) return;
  routes.add(key);
  pending = pending.then(() => check(page, route, () => routes.delete(key)));
}

/** `again`: forget the route was checked, so its next visit checks it. */
async function check(page: Page, route: string, again: () => void): Promise<void> {
  const started = Date.now();
  try {
    await holds.get(page);
    if (page.isClosed() || routeOf(page.url()) !== route) {
      again(); // already left while earlier checks ran: no settling on another page
      return;
    }
    await settled(page);
    if (page.isClosed() || routeOf(page.url()) !== route) {
      again(); // left before it settled
      return;
    }
    const lines = await confirmed(page, route, await axeViolations(page));
    if (lines === null)
      again(); // left before the second look
    else if (lines.length) found.push(`${route}${widthOf(page) === 'phone' ? '（手机宽度）' : ''}:\n${lines.join('\n')}`);
  } catch {
    again(); // navigated or closed mid-check
  } finally {
    lendTime(Date.now() - started);
  }
}

/**
 * The findings that hold on a second look a moment later: the check runs beside the journey's own clicks, and a
 * button caught between two states (a colour mid-change, a field re-rendered without its label for one frame) is not
 * the page. A real violation is still there the second time. `null` when the page has left the route meanwhile.
 */
async function confirmed(page: Page, route: string, first: string[]): Promise<string[] | null> {
  if (!first.length) return first;
  await page.waitForTimeout(1_000);
  await settled(page);
  if (page.isClosed() || routeOf(page.url()) !== route) return null;
  const again = new Set(await axeViolations(page));
  return first.filter((line) => again.has(line));
}

/** A check's time is added to the running test's budget: the journey keeps the time it had without the check. */
function lendTime(ms: number): void {
  try {
    const info = test.info();
    if (info.timeout > 0) info.setTimeout(info.timeout + ms);
  } catch {
    /* the test has ended */
  }
}

/** Waits until the checks queued so far are done: a walk through many routes stays on each until it is checked. */
export async function a11yChecked(): Promise<void> {
  await pending;
}

/** Waits for the checks under way; the violations found since the last call (empty when none). */
export async function a11yFindings(): Promise<string[]> {
  await pending;
  const out = found;
  found = [];
  return out;
}
