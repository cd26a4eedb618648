import { randomBytes } from 'node:crypto';
import { addDays, chinaDate, chinaDateTime, chinaYear } from '@oa/shared/format/china-time';
import type { OverdueStep } from '../../core/ports/supervision-port';
import type { Db } from '../../db/database';
import { insertNotices } from '../../core/ports/notice.repository';
import * as repo from './supervise.repository';

const newId = (): string => randomBytes(12).toString('hex');
/** Days the department leader has to get the overdue step handled. */
const DUE_DAYS = 2;

/**
 * A 督办 raised by the workflow (through the supervision port) for a step open past its 督办时限: the
 * assignee's department leader owns and supervises it (source 流程超时), inside the engine's transaction.
 */
export async function raiseOverdue(trx: Db, s: OverdueStep, now: Date): Promise<void> {
  const id = newId();
  const at = now.toISOString();
  const prefix = `DB${chinaYear(now)}`;
  const serial = `${prefix}${String((await repo.countSerial(trx, prefix)) + 1).padStart(4, '0')}`;
  const title = `流程超时：${s.title}`.slice(0, 100);
  const content =
    `「${s.title}」（${s.serialNo}）在「${s.nodeName}」步骤由 ${s.assigneeName} 办理，` +
    `自 ${chinaDateTime(s.openedAt)} 起已超过 ${s.limitHours} 小时未处理，请督促办理。`;
  await repo.insertTask(trx, {
    id,
    serial_no: serial,
    title,
    content,
    source_type: 'flow',
    source_id: s.instanceId,
    source_title: `${s.title}（${s.serialNo}）`.slice(0, 200),
    source_link: null,
    lead_dept: s.deptCode,
    owner_user: s.leader,
    assist_depts: '[]',
    start_date: chinaDate(now),
    due_date: addDays(chinaDate(now), DUE_DAYS),
    status: 'assigned',
    progress: 0,
    supervisor: s.leader,
    extension_due: null,
    extension_reason: null,
    urge_count: 0,
    last_remind_on: null,
    closed_at: null,
    created_at: at,
    updated_at: at,
  });
  await repo.insertLog(trx, {
    id: newId(),
    task_id: id,
    subtask_id: null,
    user_code: s.leader,
    action: 'create',
    percent: null,
    content: `流程超时自动督办：${s.nodeName}（${s.assigneeName}）`,
    files: '[]',
    created_at: at,
  });
  await insertNotices(
    trx,
    [s.leader],
    {
      kind: 'remind',
      title: `新的督办事项：${title}`,
      content: `${s.assigneeName} 的「${s.nodeName}」已超过 ${s.limitHours} 小时未处理，请在“待办督办”中接收并督促办理。`,
      moduleCode: 'supervise',
      recordId: id,
    },
    at,
  );
}
