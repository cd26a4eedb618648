import type { Db } from '../../db/database';

/** A user's open tasks with what the batch dialog groups them by (their instance's definition version and step). */
export const openTasksForBatch = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('wf_task as t')
    .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
    .where('t.assignee', '=', userCode)
    .where('t.status', '=', 'open')
    .select([
      't.id',
      't.node_id',
      't.node_name',
      't.created_at',
      'i.definition_id',
      'i.module_code',
      'i.title',
      'i.serial_no',
      'i.initiator',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();

export const taskTitles = (db: Db, taskIds: string[]) =>
  taskIds.length
    ? db
        .selectFrom('wf_task as t')
        .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
        .where('t.id', 'in', taskIds)
        .select(['t.id', 'i.title'])
        .execute()
    : Promise.resolve([]);
