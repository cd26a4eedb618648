import { useState } from 'react';
import type { PaginationProps } from 'antd';

/** Where a paged list is: the page number, its size and, for the next page, a keyset cursor. */
export interface PagerState {
  pageNumber: number;
  pageSize: number;
  after?: string;
}

export interface PageInfo {
  total: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
}

/**
 * The pagination of a list at `page` given the server's answer: beyond a capped total the pager grows one
 * page at a time while there is a next page; going to the very next page asks by the server's cursor.
 */
export function paginationOf(page: PagerState, data: PageInfo | undefined, go: (next: PagerState) => void): PaginationProps {
  const capped = !!data?.totalCapped;
  const total = data?.total ?? 0;
  const shown = capped ? Math.max(total, page.pageNumber * page.pageSize) + (data?.nextCursor ? page.pageSize : 0) : total;
  return {
    current: page.pageNumber,
    pageSize: page.pageSize,
    total: shown,
    showSizeChanger: true,
    // capped: a lower bound (10,000 counted, or the matches of a searched window: "3+")
    showTotal: () => (capped ? `共 ${total.toLocaleString('en-US')}+ 条` : `共 ${total} 条`),
    onChange: (pageNumber, pageSize) =>
      go(
        pageSize === page.pageSize && pageNumber === page.pageNumber + 1 && data?.nextCursor
          ? { pageNumber, pageSize, after: data.nextCursor }
          : { pageNumber, pageSize },
      ),
  };
}

/**
 * The one pager of every paged list: page numbers for jumping, and — where the server answers a
 * `nextCursor` (issue 18's keyset lists) — that cursor when going to the next page (cheap however deep).
 * Capped totals are shown as "10,000+". `reset()` goes back to page 1 (a filter changed).
 */
export function useListPager(initialPageSize = 10) {
  const [page, setPage] = useState<PagerState>({ pageNumber: 1, pageSize: initialPageSize });
  const reset = () => setPage((p) => ({ pageNumber: 1, pageSize: p.pageSize }));
  const pagination = (data: PageInfo | undefined) => paginationOf(page, data, setPage);
  return { page, reset, pagination };
}
