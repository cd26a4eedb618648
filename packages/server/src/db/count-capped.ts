import { sql, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from '@oa/shared/contract/envelope';
import { badRequest } from '../lib/errors';
import type { Db } from './database';

export interface Counted {
  total: number;
  /** counting stopped at COUNT_CAP rows: `total` is a lower bound ("10,000+") */
  totalCapped: boolean;
}

/** Counts the rows of a list query, reading at most COUNT_CAP + 1 of them from its index. */
export async function countCapped<DB, TB extends keyof DB, O>(db: Db, q: SelectQueryBuilder<DB, TB, O>): Promise<Counted> {
  const rows = q
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('counted_rows');
  const n = Number(
    (
      await db
        .selectFrom(rows)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The total of a list whose page was read first: a page by number (not after a cursor) that is not full ends
 * the list, so its rows and those skipped are all of them and `count` is not asked (a rare keyword's few matches
 * are not looked up a second time to be counted).
 */
export async function totalOfPage(
  page: { offset: number; limit: number; got: number; keyset: boolean },
  count: () => Promise<Counted>,
): Promise<Counted> {
  const { offset, limit, got, keyset } = page;
  if (!keyset && got > 0 && got < limit && offset + got <= COUNT_CAP) return { total: offset + got, totalCapped: false };
  return count();
}

/**
 * A page by number skips at most this many rows — the rows a total counts: the pager shows no page number past
 * them. Deeper pages are asked by cursor (`after`), which costs what the first page does.
 */
const MAX_OFFSET = COUNT_CAP;

/** The rows a page skips: none after a cursor; by number, fewer than MAX_OFFSET (else a 400 naming `pageNumber`). */
export function offsetOf(page: { pageNumber: number; pageSize: number }, keyset: boolean): number {
  if (keyset) return 0;
  const offset = (page.pageNumber - 1) * page.pageSize;
  if (offset >= MAX_OFFSET)
    throw badRequest(
      `按页码最多翻到前 ${MAX_OFFSET.toLocaleString('en-US')} 条，更深的页请逐页点“下一页”（查询参数字段：pageNumber）`,
      'pageNumber',
    );
  return offset;
}
