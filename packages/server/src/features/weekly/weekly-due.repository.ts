import type { Db } from '../../db/database';

/** Open periods whose deadline falls in (from, to] (a handful a year: one period a week). */
export const periodsDueBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('oa_weekly_period')
    .select(['id', 'title', 'deadline'])
    .where('status', '=', 'open')
    .where('deadline', '>', from)
    .where('deadline', '<=', to)
    .execute();
