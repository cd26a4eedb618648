import type { Db } from '../../db/database';
import type { RewardRateTable } from '../../db/schema/reward';

/** All SQL of the labour-remuneration rate table (oa_reward_rate). */
export const listRates = (db: Db) => db.selectFrom('oa_reward_rate').selectAll().orderBy('service_kind').orderBy('rate', 'desc').execute();
export const findRate = (db: Db, id: string) => db.selectFrom('oa_reward_rate').selectAll().where('id', '=', id).executeTakeFirst();
export const findRateByKey = (db: Db, kind: string, title: string) =>
  db.selectFrom('oa_reward_rate').select('id').where('service_kind', '=', kind).where('payee_title', '=', title).executeTakeFirst();
export const insertRate = (db: Db, row: RewardRateTable) => db.insertInto('oa_reward_rate').values(row).execute();
export const updateRate = (db: Db, id: string, patch: Partial<RewardRateTable>) =>
  db.updateTable('oa_reward_rate').set(patch).where('id', '=', id).executeTakeFirst();
export const deleteRate = (db: Db, id: string) => db.deleteFrom('oa_reward_rate').where('id', '=', id).executeTakeFirst();

/** The enabled rate of a kind of service and title level (the submit hook). */
export const enabledRate = (db: Db, kind: string, title: string) =>
  db
    .selectFrom('oa_reward_rate')
    .selectAll()
    .where('service_kind', '=', kind)
    .where('payee_title', '=', title)
    .where('enabled', '=', 'Y')
    .executeTakeFirst();
