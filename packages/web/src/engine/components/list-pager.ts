import { useRef, useState } from 'react';
import type { TablePaginationConfig } from 'antd';

/** Where a module or register list is: the page number, its size and, for the next page, a keyset cursor. */
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
 * The pager of the engine's lists (issue 18): page numbers for jumping, and the server's cursor when
 * going to the next page (keyset, cheap however deep). Totals above 10,000 are shown as "10,000+".
 * The cursor of every page seen is kept (until the filters or the page size change), so going back to a
 * page past the first 10,000 rows — which the server no longer serves by number — asks it by cursor too.
 */
export function useListPager() {
  const [page, setPage] = useState<PagerState>({ pageNumber: 1, pageSize: 10 });
  // page number → the cursor that reads it, for the current page size and filters
  const cursors = useRef(new Map<number, string>());
  const reset = () => {
    cursors.current.clear();
    setPage((p) => ({ pageNumber: 1, pageSize: p.pageSize }));
  };
  const pagination = (data: PageInfo | undefined): TablePaginationConfig => {
    const capped = !!data?.totalCapped;
    const total = data?.total ?? 0;
    // beyond the counted rows the pager grows one page at a time while there is a next page
    const shown = capped ? Math.max(total, page.pageNumber * page.pageSize) + (data?.nextCursor ? page.pageSize : 0) : total;
    return {
      current: page.pageNumber,
      pageSize: page.pageSize,
      total: shown,
      showSizeChanger: true,
      // capped: a lower bound (10,000 counted, or the matches of a searched window: "3+")
      showTotal: () => (capped ? `共 ${total.toLocaleString('en-US')}+ 条` : `共 ${total} 条`),
      onChange: (pageNumber, pageSize) => {
        if (pageSize !== page.pageSize) cursors.current.clear();
        // the page shown names the next one's cursor: kept for coming back to it later
        else if (pageNumber === page.pageNumber + 1 && data?.nextCursor) cursors.current.set(pageNumber, data.nextCursor);
        const after = pageSize === page.pageSize ? cursors.current.get(pageNumber) : undefined;
        setPage(after ? { pageNumber, pageSize, after } : { pageNumber, pageSize });
      },
    };
  };
  return { page, reset, pagination };
}
