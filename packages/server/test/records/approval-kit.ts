import { expect } from 'vitest';
import { APPROVAL_SAMPLES, FILE_PLACEHOLDER, type ApprovalSample } from '@oa/shared/test/approval-samples';
import type { TestApp } from '../harness';
import { base, fakeFile } from './records-fixture';

/** Helpers of the integration tests of the approval modules of issue 6. */

/** The sample's data with the placeholder attachments replaced by a stored file of `owner`. */
export async function withFiles(t: TestApp, owner: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const file = await fakeFile(t, owner, '附件.pdf');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] =
      Array.isArray(v) && v.some((a) => a && typeof a === 'object' && (a as { fileId?: string }).fileId === FILE_PLACEHOLDER) ? [file] : v;
  }
  return out;
}

/** Submits an application; returns the answer. */
export async function submit(t: TestApp, token: string, code: string, data: Record<string, unknown>, variant?: string) {
  return t.call('POST', `${base(code)}/submit`, { token, body: { data, ...(variant ? { variant } : {}) } });
}

/** Each test app's logins, by user: a token is good for the app (the database) that made it only. */
const tokens = new WeakMap<TestApp, Map<string, string>>();
async function tokenOf(t: TestApp, user: string): Promise<string> {
  const mine = tokens.get(t) ?? new Map<string, string>();
  tokens.set(t, mine);
  if (!mine.has(user)) mine.set(user, await t.login(user));
  return mine.get(user)!;
}

/** The open workflow tasks of a record's process. */
async function openTasks(t: TestApp, recordId: string) {
  const rec = await t.ctx.db.selectFrom('business_record').select('instance_id').where('id', '=', recordId).executeTakeFirstOrThrow();
  if (!rec.instance_id) return [];
  return t.ctx.db
    .selectFrom('wf_task')
    .select(['id', 'assignee', 'node_name'])
    .where('instance_id', '=', rec.instance_id)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Approves every open task of the record through the workflow task API, as each assignee, until the
 * process ends; returns the record's final status and who approved (node names).
 */
export async function driveToApproved(t: TestApp, code: string, recordId: string): Promise<{ status: string; steps: string[] }> {
  const steps: string[] = [];
  for (let round = 0; round < 12; round += 1) {
    const row = await t.ctx.db.selectFrom('business_record').select('status').where('id', '=', recordId).executeTakeFirstOrThrow();
    if (row.status !== 'running') return { status: row.status, steps };
    const tasks = await openTasks(t, recordId);
    expect(tasks.length, `${code}: a running process has open tasks`).toBeGreaterThan(0);
    for (const task of tasks) {
      const res = await t.call('POST', '/oa/api/auth/oa/process/approve', {
        token: await tokenOf(t, task.assignee),
        body: { taskId: task.id, comment: '同意' },
      });
      expect(res.body, `${code}: ${task.node_name} by ${task.assignee}`).toMatchObject({ code: 0 });
      steps.push(`${task.node_name}:${task.assignee}`);
    }
  }
  throw new Error(`${code}: the process did not finish`);
}

/** Every spoiled variant of every sample, as rows of a table test. */
export function invalidCases(): Array<[string, ApprovalSample, Record<string, unknown>, string]> {
  const out: Array<[string, ApprovalSample, Record<string, unknown>, string]> = [];
  for (const s of APPROVAL_SAMPLES) {
    const name = `${s.code}${s.variant ? `/${s.variant}` : ''}`;
    const missing = { ...s.data };
    delete missing[s.missing];
    out.push([`${name} without ${s.missing}`, s, missing, s.missing]);
    for (const [what, c] of [
      ['bad phone', s.badPhone],
      ['negative amount', s.negative],
      ['end before start', s.reversed],
    ] as const) {
      if (c) out.push([`${name} with ${what} (${c.field})`, s, { ...s.data, ...c.patch }, c.field]);
    }
  }
  return out;
}
