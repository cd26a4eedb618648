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
  let moved = 0;
  // the person as the task's owner and as its supervisor: the same move on either column
  for (const column of ['owner_user', 'supervisor'] as const) {
    const r = await trx
      .updateTable('oa_supervise_task')
      .set({ [column]: to, updated_at: at })
      .where(column, '=', from)
      .where('status', '!=', 'closed')
      .executeTakeFirst();
    moved += Number(r.numUpdatedRows);
  }
  const sub = await trx
    .updateTable('oa_supervise_subtask')
    .set({ owner_user: to })
    .where('owner_user', '=', from)
    .where('task_id', 'in', open)
    .executeTakeFirst();
  return moved + Number(sub.numUpdatedRows);
}
