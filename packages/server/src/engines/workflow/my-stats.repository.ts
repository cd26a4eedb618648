import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Counts for the home page's charts. Both read through an index: wf_instance (initiator, started_at)
 * and wf_task (assignee, status); the month is the first seven characters of the ISO timestamp.
 */
const month = (col: string) => sql<string>`substr(${sql.ref(col)}, 1, 7)`;

export async function myInstanceCounts(db: Db, userCode: string, since: string) {
  return db
    .selectFrom('wf_instance')
    .where('initiator', '=', userCode)
    .where('started_at', '>=', since)
    .select([month('started_at').as('month'), 'status', 'module_code', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy([month('started_at'), 'status', 'module_code'])
    .execute();
}

export async function myHandledCounts(db: Db, userCode: string, since: string) {
  return db
    .selectFrom('wf_task')
    .where('assignee', '=', userCode)
    .where('status', '=', 'done')
    .where('result', 'not in', ['auto'])
    .where('acted_at', '>=', since)
    .select([month('acted_at').as('month'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(month('acted_at'))
    .execute();
}
