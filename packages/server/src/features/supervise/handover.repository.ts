import type { Db } from '../../db/database';

/** The hand-over's SQL for supervision: open tasks the person is responsible for, supervises, or has a part of. */
export const heldTasks = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('oa_supervise_task as t')
    .select(['t.id', 't.serial_no', 't.title', 't.owner_user', 't.supervisor', 't.due_date'])
    .where('t.status', '!=', 'closed')
    .where((eb) =>
      eb.or([
        eb('t.owner_user', '=', userCode),
        eb('t.supervisor', '=', userCode),
        eb.exists(
          eb.selectFrom('oa_supervise_subtask as s').select('s.id').whereRef('s.task_id', '=', 't.id').where('s.owner_user', '=', userCode),
        ),
      ]),
    )
    .orderBy('t.due_date')
    .limit(limit)
    .execute();

export async function moveHeld(trx: Db, from: string, to: string, at: string): Promise<number> {
  const open = trx.selectFrom('oa_supervise_task').select('id').where('status', '!=', 'closed');
  const owner = await trx
    .updateTable('oa_supervise_task')
    .set({ owner_user: to, updated_at: at })
    .where('owner_user', '=', from)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  const sup = await trx
    .updateTable('oa_supervise_task')
    .set({ supervisor: to, updated_at: at })
    .where('supervisor', '=', from)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  const sub = await trx
    .updateTable('oa_supervise_subtask')
    .set({ owner_user: to })
    .where('owner_user', '=', from)
    .where('task_id', 'in', open)
    .executeTakeFirst();
  return Number(owner.numUpdatedRows) + Number(sup.numUpdatedRows) + Number(sub.numUpdatedRows);
}
