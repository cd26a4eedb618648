import { recordRouteOf } from '../modules/directory';

/** The pages of areas that are not declared modules, by the code their messages carry (`?id=` the item). */
const AREA_PAGES: Readonly<Record<string, string>> = {
  supervise: '/supervise/exec',
  salary: '/salary',
};

/**
 * The web page (inside the app's base path) that shows a message's item: a declared module's preview, an area's
 * own page, or null when the message names no item. The weekly report's item is its period (`?periodId=`).
 */
export function itemRoute(moduleCode: string | null, recordId: string | null): string | null {
  if (!moduleCode || !recordId) return null;
  const route = recordRouteOf(moduleCode, recordId);
  if (route) return route;
  if (moduleCode === 'weekly') return `/weelkyDeptEdit?periodId=${encodeURIComponent(recordId)}`;
  const page = AREA_PAGES[moduleCode];
  if (!page) return null;
  return moduleCode === 'salary' ? page : `${page}?id=${encodeURIComponent(recordId)}`;
}
