import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StreamEvent, UnreadCounts } from '@oa/shared/contract/workflow';
import { openEventStream } from '../../lib/event-stream';
import { announce } from '../../lib/announce';
import { feedback } from '../../lib/feedback';
import { pendingApi, STREAM_PATH } from './pending.api';

/**
 * One live notification stream per tab, shared by the badge, the message page and the to-do widget:
 * every event refreshes the pending-centre queries (counts, lists) and pops a short notice.
 */

let users = 0;
let close: (() => void) | null = null;
/**
 * Set by the stream's first connection: the lists were just loaded, so they are asked for again only when the counts
 * the server sends on connecting differ from the counts already shown (something came in between). A reconnection
 * refreshes everything (events may have been missed while it was down).
 */
let checkFirstCounts = false;
const clients = new Set<QueryClient>();

const refresh = () => {
  for (const qc of clients) void qc.invalidateQueries({ queryKey: ['pending'] });
};

/**
 * The notification event's schema (zod), loaded with the first notification: the lists' first screen (the phone's
 * to-do page) neither loads nor runs zod and the workflow contract, not even for the counts sent on connecting.
 */
const schemas = () => import('@oa/shared/contract/workflow');

function onEvent(streamEvent: Awaited<ReturnType<typeof schemas>>['streamEvent'], data: string): void {
  let evt: StreamEvent | null = null;
  try {
    const parsed = streamEvent.safeParse(JSON.parse(data));
    evt = parsed.success ? parsed.data : null;
  } catch {
    evt = null;
  }
  refresh();
  if (!evt) return;
  feedback().notification.info({ title: '新消息', description: evt.title, duration: 4, placement: 'bottomRight' });
  announce(`新消息：${evt.title}`); // the notice vanishes after 4 s: a screen reader hears it when the person pauses
}

const COUNTED = ['notifications', 'todo', 'cc'] as const;

/** The counts of an `unread` event (the contract's `unreadCounts`, checked by hand: no zod), or null when malformed. */
export function countsOf(value: unknown): UnreadCounts | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const int = (k: string) => (Number.isInteger(v[k]) ? (v[k] as number) : null);
  if (COUNTED.some((k) => int(k) === null)) return null;
  if (v.toRead !== undefined && int('toRead') === null) return null;
  return { notifications: int('notifications')!, todo: int('todo')!, cc: int('cc')!, toRead: int('toRead') ?? 0 };
}

/** `event: unread` carries the counts: put them straight into the badge's query. */
function onCounts(data: string): void {
  try {
    const counts = countsOf(JSON.parse(data));
    if (!counts) return;
    const check = checkFirstCounts;
    checkFirstCounts = false;
    for (const qc of clients) {
      const shown = qc.getQueryData(['pending', 'counts']);
      qc.setQueryData(['pending', 'counts'], counts);
      if (check && shown !== undefined && JSON.stringify(shown) !== JSON.stringify(counts))
        void qc.invalidateQueries({ queryKey: ['pending'] });
    }
  } catch {
    /* ignore a malformed event */
  }
}

function acquire(qc: QueryClient): () => void {
  clients.add(qc);
  users += 1;
  if (!close) {
    let opened = false;
    close = openEventStream(STREAM_PATH, {
      onMessage: (m) => {
        if (m.event === 'unread') onCounts(m.data);
        else if (m.event === 'notification')
          void schemas()
            .then((c) => onEvent(c.streamEvent, m.data))
            .catch(() => refresh());
      },
      onOpen: () => {
        if (opened) refresh();
        checkFirstCounts = !opened;
        opened = true;
      },
      onClose: () => {
        close = null;
      },
    });
  }
  return () => {
    users -= 1;
    if (users <= 0) {
      users = 0;
      clients.clear();
      close?.();
      close = null;
    }
  };
}

/** Unread notification, to-do and CC counts, kept current by the live stream (and a slow poll as a fallback). */
export function useLiveCounts() {
  const qc = useQueryClient();
  useEffect(() => acquire(qc), [qc]);
  return useQuery({ queryKey: ['pending', 'counts'], queryFn: pendingApi.counts, refetchInterval: 120_000, staleTime: 5_000 });
}
