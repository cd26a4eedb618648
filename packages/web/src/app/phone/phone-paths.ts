import { MODULE_OF, PREVIEW_ROUTE } from '@oa/shared/contract/document-routes';
import { moduleEntry, moduleOfPreviewRoute } from '@oa/shared/modules/directory';
import { PHONE_BASE } from '../../lib/phone-device';

/** The official documents' modules: kept by their own area, shown on the phone app's document page. */
const DOC_MODULES: ReadonlySet<string> = new Set(Object.values(MODULE_OF).flatMap((k) => Object.values(k)));
/** A document's desktop page (its e-mail's link), lower case: the document page on a phone. */
const DOC_PREVIEWS: ReadonlySet<string> = new Set(
  Object.values(PREVIEW_ROUTE).flatMap((k) => Object.values(k).map((r) => r.toLowerCase())),
);

/** The phone app's page of one record of a declared module, or null when the phone app does not show that kind. */
export function phoneItemPath(moduleCode: string, recordId: string): string | null {
  const m = moduleEntry(moduleCode);
  if (!m || m.kind !== 'approval') return null;
  if (DOC_MODULES.has(moduleCode)) return `${PHONE_BASE}/doc?id=${encodeURIComponent(recordId)}`;
  return `${PHONE_BASE}/item?moduleCode=${encodeURIComponent(moduleCode)}&id=${encodeURIComponent(recordId)}`;
}

/** Desktop pages a phone is sent to the phone app from: its entry, the login, the home tab and the to-do centre. */
const ENTRY: Readonly<Record<string, string>> = {
  '/': PHONE_BASE,
  '/dashboard': PHONE_BASE,
  '/process': PHONE_BASE,
};

/**
 * Where a phone that opens `path` (inside /oa, e.g. from an e-mail's link to an item) is taken in the phone app, or
 * null to stay: a record's preview page becomes the phone app's item page, the entry pages its to-do list.
 */
export function phoneTarget(path: string, search: string): string | null {
  const p = path.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(search);
  if (p.toLowerCase() === '/login') {
    // the login asked for on the way to a page: the phone app's login, on the way to that page's phone page
    const back = params.get('redirect');
    const [backPath, backQuery = ''] = (back ?? '').split('?', 2);
    const to = back ? (phoneTarget(backPath, backQuery) ?? back) : null;
    return `${PHONE_BASE}/login${to ? `?redirect=${encodeURIComponent(to)}` : ''}`;
  }
  const entry = ENTRY[p.toLowerCase()];
  if (entry) return entry;
  // a meeting's page, and its QR check-in link (?checkin=1) read by the phone's own camera: the phone's meeting page
  if (p.toLowerCase() === '/meeting/detail' && params.get('id')) return `${PHONE_BASE}/apps/meeting?${params.toString()}`;
  const id = params.get('id');
  if (id && DOC_PREVIEWS.has(p.toLowerCase())) return `${PHONE_BASE}/doc?id=${encodeURIComponent(id)}`;
  const previewOf = moduleOfPreviewRoute(p);
  if (previewOf && id) return phoneItemPath(previewOf, id);
  return null;
}
