import type { Db } from '../../db/database';

/**
 * Read-only questions the areas ask of the workflow engine's tables about their own records (documents,
 * archive): who holds a task, who was copied, which step a record is at, what happened to it. One home for
 * that SQL, so no area reads the engine's tables itself. The id sets are subqueries (`record_id as id`), to
 * be used inside an area's list query as `id in (…)` — each read from its own index, never a scan.
 */

/** Records of a module on which `userCode` holds an open task (the to-do box). */
export const openTaskRecordIds = (db: Db, moduleCode: string, userCode: string) =>
  db
    .selectFrom('wf_task')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
    .select('wf_instance.record_id as id')
    .where('wf_task.assignee', '=', userCode)
    .where('wf_task.status', '=', 'open')
    .where('wf_instance.module_code', '=', moduleCode);

/** Records of a module on which `userCode` ever held a task or was copied (the "involved" box). */
export const participatedRecordIds = (db: Db, moduleCode: string, userCode: string) =>
  db
    .selectFrom('wf_task')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
    .select('wf_instance.record_id as id')
    .where('wf_task.assignee', '=', userCode)
    .where('wf_instance.module_code', '=', moduleCode)
    .union(
      db
        .selectFrom('wf_cc')
        .innerJoin('wf_instance', 'wf_instance.id', 'wf_cc.instance_id')
        .select('wf_instance.record_id as id')
        .where('wf_cc.user_code', '=', userCode)
        .where('wf_instance.module_code', '=', moduleCode),
    );

/** The steps (node names, "、"-joined) at which each running record of a module has open tasks. */
export async function currentSteps(db: Db, moduleCode: string, recordIds: string[]): Promise<Map<string, string>> {
  if (!recordIds.length) return new Map();
  const rows = await db
    .selectFrom('wf_task')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_task.instance_id')
    .select(['wf_instance.record_id', 'wf_task.node_name'])
    .where('wf_instance.module_code', '=', moduleCode)
    .where('wf_instance.record_id', 'in', recordIds)
    .where('wf_instance.status', '=', 'running')
    .where('wf_task.status', '=', 'open')
    .execute();
  const out = new Map<string, Set<string>>();
  for (const r of rows) (out.get(r.record_id) ?? out.set(r.record_id, new Set()).get(r.record_id)!).add(r.node_name);
  return new Map([...out].map(([k, v]) => [k, [...v].join('、')]));
}

/** The processing history of every instance of a record, in the order it happened, with the actors' names. */
export const recordHistory = (db: Db, moduleCode: string, recordId: string) =>
  db
    .selectFrom('wf_history')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_history.instance_id')
    .leftJoin('sys_user', 'sys_user.user_code', 'wf_history.actor')
    .select([
      'wf_history.id',
      'wf_history.node_name',
      'wf_history.action',
      'wf_history.actor',
      'sys_user.user_name',
      'wf_history.comment',
      'wf_history.target',
      'wf_history.signature_file_id',
      'wf_history.created_at',
    ])
    .where('wf_instance.module_code', '=', moduleCode)
    .where('wf_instance.record_id', '=', recordId)
    .orderBy('wf_history.created_at')
    .orderBy('wf_history.id')
    .execute();

/** The CC copies (传阅) of every instance of a record, with the readers' names and read times. */
export const recordCopies = (db: Db, moduleCode: string, recordId: string) =>
  db
    .selectFrom('wf_cc')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_cc.instance_id')
    .leftJoin('sys_user', 'sys_user.user_code', 'wf_cc.user_code')
    .select(['wf_cc.node_name', 'wf_cc.user_code', 'sys_user.user_name', 'wf_cc.created_at', 'wf_cc.read_at'])
    .where('wf_instance.module_code', '=', moduleCode)
    .where('wf_instance.record_id', '=', recordId)
    .orderBy('wf_cc.created_at')
    .orderBy('wf_cc.id')
    .execute();

/** The records whose trail carries a handwritten signature file (who may see the image: those records' readers). */
export const recordsSignedWith = (db: Db, fileId: string) =>
  db
    .selectFrom('wf_history')
    .innerJoin('wf_instance', 'wf_instance.id', 'wf_history.instance_id')
    .select(['wf_instance.module_code', 'wf_instance.record_id'])
    .where('wf_history.signature_file_id', '=', fileId)
    .distinct()
    .execute();

/** The latest started instances of a module, newest first (index module_code, started_at, id): records to preview a sheet with. */
export const latestInstances = (db: Db, moduleCode: string, limit: number) =>
  db
    .selectFrom('wf_instance')
    .select(['record_id', 'serial_no', 'title', 'started_at'])
    .where('module_code', '=', moduleCode)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
