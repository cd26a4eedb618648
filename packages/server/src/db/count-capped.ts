import { sql, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from '@oa/shared/contract/envelope';
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
