import type { StartInput, WorkflowEngine } from '../../src/core/ports/workflow-port';
import type { TestApp } from '../harness';

/** A stand-in for the workflow engine: every start stays running; `participants` may read. */
export function fakeWorkflow(participants: string[] = []): WorkflowEngine & { started: StartInput[]; withdrawn: string[] } {
  const started: StartInput[] = [];
  const withdrawn: string[] = [];
  const engine: WorkflowEngine & { started: StartInput[]; withdrawn: string[] } = {
    started,
    withdrawn,
    async start(_trx, input) {
      started.push(input);
      return { instanceId: `I-${input.recordId}`, outcome: 'running' };
    },
    async withdraw(_trx, input) {
      withdrawn.push(input.recordId);
    },
    async mayWithdraw(_db, input) {
      return !withdrawn.includes(input.recordId);
    },
    async isParticipant(_db, input) {
      return participants.includes(input.userCode);
    },
    async fieldPermissionsFor() {
      return new Map();
    },
  };
  fakes.add(engine);
  return engine;
}

const fakes = new WeakSet<object>();

/**
 * Drives a record's process to an outcome. With the real workflow engine: each open task's assignee
 * logs in and approves (or the first one returns / rejects) through the process API, as people do.
 * With the fake: ctx.records.onOutcome in a transaction, the way the engine reports an outcome.
 */
export async function decide(
  t: TestApp,
  moduleCode: string,
  recordId: string,
  outcome: 'approved' | 'rejected' | 'returned',
): Promise<void> {
  if (fakes.has(t.ctx.workflow)) {
    await t.ctx.db
      .transaction()
      .execute((trx) => t.ctx.records.onOutcome(trx, { moduleCode, recordId, outcome, instanceId: `I-${recordId}` }));
    return;
  }
  const admin = await t.login('admin');
  for (let step = 0; step < 10; step++) {
    const view = await t.call('GET', '/oa/api/auth/oa/process/instance', { token: admin, query: { moduleCode, recordId } });
    if (view.body.code !== 0) throw new Error(`instance view: ${view.body.message}`);
    const task = view.body.data.openTasks[0] as { taskId: string; assignee: string } | undefined;
    if (!task) return;
    const token = await t.login(task.assignee);
    const res =
      outcome === 'approved'
        ? await t.call('POST', '/oa/api/auth/oa/process/approve', { token, body: { taskId: task.taskId, comment: '同意' } })
        : outcome === 'rejected'
          ? await t.call('POST', '/oa/api/auth/oa/process/reject', { token, body: { taskId: task.taskId, comment: '不同意' } })
          : await t.call('POST', '/oa/api/auth/oa/process/return', {
              token,
              body: { taskId: task.taskId, to: 'initiator', comment: '请修改' },
            });
    if (res.body.code !== 0) throw new Error(`${outcome} by ${task.assignee}: ${res.body.message}`);
    if (res.body.data.status !== 'running') return;
  }
  throw new Error('process did not finish');
}

/** Registers a stored file (as the files feature would after an upload) and returns its attachment value. */
export async function fakeFile(t: TestApp, owner: string, name = '合同.pdf'): Promise<{ fileId: string; fileName: string }> {
  const id = `F${Math.random().toString(36).slice(2, 12)}`;
  await t.ctx.db
    .insertInto('sys_file')
    .values({
      id,
      sha256: 'a'.repeat(64),
      original_name: name,
      ext: 'pdf',
      mime: 'application/pdf',
      size: 1024,
      scope: 'internal',
      kind: 'file',
      owner,
      created_at: new Date().toISOString(),
      deleted_at: null,
    })
    .execute();
  return { fileId: id, fileName: name };
}

export async function countRecords(t: TestApp, module?: string): Promise<number> {
  let q = t.ctx.db.selectFrom('business_record').select((eb) => eb.fn.countAll<number>().as('n'));
  if (module) q = q.where('module', '=', module);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export const base = (code: string) => `/oa/api/auth/oa/records/${code}`;
