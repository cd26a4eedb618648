import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Paged } from '@oa/shared/contract/envelope';
import type { CcItem, InstanceSummary, TaskItem } from '@oa/shared/contract/workflow';
import { pendingApi } from '../../features/pending/pending.api';
import { PHONE_BASE } from '../../lib/phone-device';

export type PhoneListKind = 'todo' | 'done' | 'cc' | 'mine';
export type PhoneListItem = TaskItem | CcItem | InstanceSummary;

const PAGE = 20;
const fetchers: Record<PhoneListKind, (p: { pageNumber: number; pageSize: number; after?: string }) => Promise<Paged<PhoneListItem>>> = {
  todo: pendingApi.todo,
  done: pendingApi.done,
  cc: pendingApi.cc,
  mine: pendingApi.mine,
};

/** One of the four lists, 20 a page (keyset paging): what PhoneList shows and what the app's start asks for early. */
export const phoneListQuery = (kind: PhoneListKind) =>
  infiniteQueryOptions({
    queryKey: ['pending', 'phone', kind],
    queryFn: ({ pageParam }) => fetchers[kind]({ pageNumber: 1, pageSize: PAGE, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Paged<PhoneListItem>) => last.nextCursor ?? undefined,
  });

const LIST_PATHS: Readonly<Record<string, PhoneListKind>> = { '': 'todo', done: 'done', cc: 'cc', mine: 'mine' };

/** The list a page of the phone app shows (`/oa/m/`, `/oa/m/done`, …), or null for any other page. */
export function phoneListAt(pathname: string): PhoneListKind | null {
  const i = pathname.indexOf(`${PHONE_BASE}`);
  if (i < 0) return null;
  const rest = pathname.slice(i + PHONE_BASE.length);
  if (rest !== '' && !rest.startsWith('/')) return null;
  return LIST_PATHS[rest.replace(/^\/+|\/+$/g, '')] ?? null;
}
