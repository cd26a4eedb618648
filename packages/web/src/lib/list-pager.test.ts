import { describe, expect, it } from 'vitest';
import { paginationOf, type PagerState } from './list-pager';

function moves(page: PagerState, data: Parameters<typeof paginationOf>[1]) {
  const seen: PagerState[] = [];
  const p = paginationOf(page, data, (next) => seen.push(next));
  return { p, seen };
}

describe('paginationOf', () => {
  it('counts exactly when the server counted everything', () => {
    const { p } = moves({ pageNumber: 1, pageSize: 10 }, { total: 37 });
    expect(p.total).toBe(37);
    expect(p.showTotal?.(37, [1, 10])).toBe('共 37 条');
  });

  it('asks the next page by cursor and any other page by number', () => {
    const page = { pageNumber: 3, pageSize: 10 };
    const { p, seen } = moves(page, { total: 200, nextCursor: '2026-11-01~42' });
    p.onChange?.(4, 10);
    p.onChange?.(7, 10);
    p.onChange?.(4, 20);
    expect(seen).toEqual([
      { pageNumber: 4, pageSize: 10, after: '2026-11-01~42' },
      { pageNumber: 7, pageSize: 10 },
      { pageNumber: 4, pageSize: 20 },
    ]);
  });

  it('keeps the cursor of each page reached page by page, for coming back to it by number', () => {
    const cursors = new Map<number, string>();
    const seen: PagerState[] = [];
    const at = (pageNumber: number, nextCursor: string) =>
      paginationOf({ pageNumber, pageSize: 10 }, { total: 10_000, totalCapped: true, nextCursor }, (n) => seen.push(n), cursors);
    at(1001, 'c1002').onChange?.(1002, 10);
    at(1002, 'c1003').onChange?.(1003, 10);
    at(1003, 'c1004').onChange?.(1002, 10); // back one page: by its kept cursor
    at(1002, 'c1003').onChange?.(1002, 20); // another page size: the cursors no longer fit
    expect(seen).toEqual([
      { pageNumber: 1002, pageSize: 10, after: 'c1002' },
      { pageNumber: 1003, pageSize: 10, after: 'c1003' },
      { pageNumber: 1002, pageSize: 10, after: 'c1002' },
      { pageNumber: 1002, pageSize: 20 },
    ]);
    expect(cursors.size).toBe(0);
  });

  it('shows a capped total as a lower bound and lets the pager grow while there is a next page', () => {
    const deep = moves({ pageNumber: 1001, pageSize: 10 }, { total: 10_000, totalCapped: true, nextCursor: 'c' });
    expect(deep.p.showTotal?.(0, [1, 10])).toBe('共 10,000+ 条');
    expect(deep.p.total).toBe(10_020);
    const last = moves({ pageNumber: 1001, pageSize: 10 }, { total: 10_000, totalCapped: true, nextCursor: null });
    expect(last.p.total).toBe(10_010);
  });
});
