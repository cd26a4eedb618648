import { EDIT_ROUTE, PREVIEW_ROUTE, type DocKind, type DocScope } from '@oa/shared/contract/document-routes';
import { useTabRoute } from '../../lib/tab-route';

/** Which documents a page serves, from its route (one page component serves office and department level). */
const ROUTES: Record<string, { kind: DocKind; scope: DocScope; box?: 'all' | 'todo'; manager?: boolean }> = {
  '/receipt': { kind: 'receipt', scope: 'office' },
  '/receiptedit': { kind: 'receipt', scope: 'office' },
  '/receiptpreview': { kind: 'receipt', scope: 'office' },
  '/receiptmanager': { kind: 'receipt', scope: 'office', box: 'all', manager: true },
  '/dispatch': { kind: 'dispatch', scope: 'office' },
  '/dispatchedit': { kind: 'dispatch', scope: 'office' },
  '/dispatchpreview': { kind: 'dispatch', scope: 'office' },
  '/dispatchmanage': { kind: 'dispatch', scope: 'office', box: 'all', manager: true },
  '/dispatchmanageapprove': { kind: 'dispatch', scope: 'office', box: 'todo' },
  '/deptreceipt': { kind: 'receipt', scope: 'dept' },
  '/deptreceiptedit': { kind: 'receipt', scope: 'dept' },
  '/deptreceiptpreview': { kind: 'receipt', scope: 'dept' },
  '/deptreceipttype': { kind: 'receipt', scope: 'dept' },
  '/deptdispatch': { kind: 'dispatch', scope: 'dept' },
  '/deptdispatchedit': { kind: 'dispatch', scope: 'dept' },
  '/deptdispatchpreview': { kind: 'dispatch', scope: 'dept' },
  '/deptdispatchtype': { kind: 'dispatch', scope: 'dept' },
};

export function useDocRoute() {
  const { path, fullPath } = useTabRoute();
  const found = ROUTES[path.toLowerCase()] ?? { kind: 'receipt' as const, scope: 'office' as const };
  const query = new URLSearchParams(fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?') + 1) : '');
  return { ...found, query, editRoute: EDIT_ROUTE[found.scope][found.kind], previewRoute: PREVIEW_ROUTE[found.scope][found.kind] };
}

export const KIND_LABEL: Record<DocKind, string> = { receipt: '收文', dispatch: '发文' };
export const SCOPE_LABEL: Record<DocScope, string> = { office: '', dept: '部门' };
