import { z } from 'zod';

/** Every JSON answer of the API: code 0 is success (ARCHITECTURE.md §4). */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

/** Paged data with pageNumber/pageSize query parameters. */
export interface Paged<T> {
  list: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
  /** true when counting stopped at COUNT_CAP: `total` is then a lower bound, shown as "10,000+" */
  totalCapped?: boolean;
  /** keyset paging: pass as `after` to read the next page without walking the preceding rows (null on the last page) */
  nextCursor?: string | null;
}

/** Lists count at most this many rows; beyond it the answer says `totalCapped` (shown "10,000+"). */
export const COUNT_CAP = 10_000;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCapped: z.boolean().optional(),
  });

export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * Keyset paging (issue 18): the `nextCursor` of the previous page, "<sort key>~<id>"; with it the page is read
 * after that row (pageNumber then only labels the page), so a deep page costs what the first one does.
 */
export const afterCursor = z
  .string()
  .max(120, { message: '翻页游标不正确（查询参数字段：after）' })
  .regex(/^[^~]+~[^~]+$/, { message: '翻页游标不正确（查询参数字段：after）' })
  .optional();
/** A page query that may continue after a cursor. */
export const keysetPageQuery = pageQuery.extend({ after: afterCursor });
export type KeysetPaged<T> = Paged<T> & { totalCapped: boolean; nextCursor: string | null };
/** A page answer with its bounded count and the cursor of the next page. */
export const keysetPaged = <T extends z.ZodType>(item: T) =>
  paged(item).extend({ totalCapped: z.boolean(), nextCursor: z.string().nullable() });

// zod-free, so that the login page can read it without loading zod
export { ErrorCode, type ErrorCodeValue } from './error-codes';
