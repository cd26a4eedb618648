import type { Paged } from '@oa/shared/contract/envelope';
import type {
  ActionResult,
  BatchApproveResult,
  BatchGroup,
  CcItem,
  InstanceSummary,
  MyStats,
  NotificationItem,
  TaskItem,
  UnreadCounts,
} from '@oa/shared/contract/workflow';
import { itemRoute } from '@oa/shared/notify/item-route';
import type { ToReadItem } from '@oa/shared/contract/to-read';
import { TO_READ_API } from '@oa/shared/contract/to-read-api';
import { moduleNameOf } from '@oa/shared/modules/directory';
import { http, unwrap, type QueryParams } from '../../lib/http-client';

const P = '/api/auth/oa/process';

interface ListParams extends QueryParams {
  pageNumber: number;
  pageSize: number;
  /** keyset paging: the previous page's `nextCursor` */
  after?: string;
  moduleCode?: string;
  keyword?: string;
}

/** The pending centre's calls (any logged-in user; the server checks the actor). */
export const pendingApi = {
  todo: async (params: ListParams) => unwrap(await http.get<Paged<TaskItem>>(`${P}/todo`, params)),
  done: async (params: ListParams) => unwrap(await http.get<Paged<TaskItem>>(`${P}/done`, params)),
  cc: async (params: ListParams & { read?: 'Y' | 'N' }) => unwrap(await http.get<Paged<CcItem>>(`${P}/cc`, params)),
  mine: async (params: ListParams & { status?: InstanceSummary['status'] }) =>
    unwrap(await http.get<Paged<InstanceSummary>>(`${P}/mine`, params)),
  toRead: async (params: { pageNumber: number; pageSize: number; read?: 'Y' | 'N' }) =>
    unwrap(await http.get<Paged<ToReadItem>>(TO_READ_API.list, params)),
  toReadRead: async (source: string, id: string) => unwrap(await http.post<null>(TO_READ_API.read, { source, id })),
  ccRead: async (ccId: string) => unwrap(await http.post<null>(`${P}/ccRead`, { ccId })),
  withdraw: async (instanceId: string, comment?: string) => unwrap(await http.post<ActionResult>(`${P}/withdraw`, { instanceId, comment })),
  urge: async (instanceId: string, comment?: string) => unwrap(await http.post<ActionResult>(`${P}/urge`, { instanceId, comment })),
  notifications: async (params: { pageNumber: number; pageSize: number; unreadOnly?: 'Y' | 'N' }) =>
    unwrap(await http.get<Paged<NotificationItem>>(`${P}/notifications`, params)),
  myStats: async (months = 6) => unwrap(await http.get<MyStats>(`${P}/myStats`, { months })),
  batchGroups: async () => unwrap(await http.get<BatchGroup[]>(`${P}/batch-groups`)),
  batchApprove: async (taskIds: string[], comment?: string) =>
    unwrap(await http.post<BatchApproveResult>(`${P}/batch-approve`, { taskIds, comment })),
  counts: async () => unwrap(await http.get<UnreadCounts>(`${P}/unread`, undefined, { quiet: true })),
  /** without ids: mark all read */
  readNotifications: async (ids?: string[]) => unwrap(await http.post<null>(`${P}/readNotifications`, ids ? { ids } : {})),
};

/** The SSE path of live notifications (read with lib/event-stream). */
export const STREAM_PATH = `${P}/stream`;

/** The record preview route of a module, e.g. '/stampPreview?id=…' (null for an unknown module). */
/** The page of a message's item: a module's preview or an area's page (the same page its e-mail links to). */
export const previewPath = (moduleCode: string | null, recordId: string | null): string | null => itemRoute(moduleCode, recordId);

export const moduleName = (code: string | null): string => (code ? moduleNameOf(code) : '—');
