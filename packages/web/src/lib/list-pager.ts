import { useRef, useState } from 'react';
import type { PaginationProps } from 'antd';

/** Where a paged list is: the page number, its size and, for the next page, a keyset cursor. */
export interface PagerState {
  pageNumber: number;
  pageSize: number;
  after?: string;
}

interface PageInfo {
  total: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
}

/**
 * The pagination of a list at `page` given the server's answer: beyond a capped total the pager grows one
 * page at a time while there is a next page. Going to the very next page asks by the server's cursor, and the
 * cursor of every page reached that way is kept in `cursors` (page number → cursor, for this page size), so
 * coming back to a page past the first 10,000 rows — which the server no longer serves by number — asks by
 * cursor too.
 */
export function paginationOf(
  page: PagerState,
  data: PageInfo | undefined,
  go: (next: PagerState) => void,
  cursors: Map<number, string> = new Map(),
): PaginationProps {
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
    onChange: (pageNumber, pageSize) => {
      if (pageSize !== page.pageSize) cursors.clear();
      // the page shown names the next one's cursor: kept for coming back to it later
      else if (pageNumber === page.pageNumber + 1 && data?.nextCursor) cursors.set(pageNumber, data.nextCursor);
      const after = pageSize === page.pageSize ? cursors.get(pageNumber) : undefined;
      go(after ? { pageNumber, pageSize, after } : { pageNumber, pageSize });
    },
  };
}

/**
 * The one pager of every paged list: page numbers for jumping, and — where the server answers a
 * `nextCursor` (issue 18's keyset lists) — cursors for the pages reached page by page (cheap however deep).
 * Capped totals are shown as "10,000+". `reset()` goes back to page 1 (a filter changed) and forgets the cursors.
 */
export function useListPager(initialPageSize = 10) {
  const [page, setPage] = useState<PagerState>({ pageNumber: 1, pageSize: initialPageSize });
  // page number → the cursor that reads it, for the current page size and filters
  const cursors = useRef(new Map<number, string>());
  const reset = () => {
    cursors.current.clear();
    setPage((p) => ({ pageNumber: 1, pageSize: p.pageSize }));
  };
  const pagination = (data: PageInfo | undefined) => paginationOf(page, data, setPage, cursors.current);
  return { page, reset, pagination };
}
