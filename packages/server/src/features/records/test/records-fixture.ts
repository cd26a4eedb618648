import type { StartInput, WorkflowEngine } from '../../../core/workflow-port';
import type { TestApp } from '../../../test/harness';

/** A stand-in for the workflow engine: every start stays running; `participants` may read. */
export function fakeWorkflow(participants: string[] = []): WorkflowEngine & { started: StartInput[]; withdrawn: string[] } {
  const started: StartInput[] = [];
  const withdrawn: string[] = [];
  return {
    started, withdrawn,
    async start(_trx, input) {
      started.push(input);
      return { instanceId: `I-${input.recordId}`, outcome: 'running' };
    },
    async withdraw(_trx, input) {
      withdrawn.push(input.recordId);
    },
    async isParticipant(_db, input) {
      return participants.includes(input.userCode);
    },
  };
}

/** Drives a record's process to an outcome the way the workflow engine does: ctx.records.onOutcome in a transaction. */
export async function decide(t: TestApp, moduleCode: string, recordId: string, outcome: 'approved' | 'rejected' | 'returned'): Promise<void> {
  await t.ctx.db.transaction().execute((trx) => t.ctx.records!.onOutcome(trx, { moduleCode, recordId, outcome, instanceId: `I-${recordId}` }));
}

/** Registers a stored file (as the files feature would after an upload) and returns its attachment value. */
export async function fakeFile(t: TestApp, owner: string, name = '合同.pdf'): Promise<{ fileId: string; fileName: string }> {
  const id = `F${Math.random().toString(36).slice(2, 12)}`;
  await t.ctx.db.insertInto('sys_file').values({
    id, sha256: 'a'.repeat(64), original_name: name, ext: 'pdf', mime: 'application/pdf', size: 1024, scope: 'internal', kind: 'file',
    owner, created_at: new Date().toISOString(), deleted_at: null,
  }).execute();
  return { fileId: id, fileName: name };
}

export async function countRecords(t: TestApp, module?: string): Promise<number> {
  let q = t.ctx.db.selectFrom('business_record').select((eb) => eb.fn.countAll<number>().as('n'));
  if (module) q = q.where('module', '=', module);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export const base = (code: string) => `/oa/api/auth/oa/records/${code}`;
