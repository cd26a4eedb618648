/* Test support for the workflow suites (not shipped in any route). */
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import type { RecordLifecycle, StartInput } from '../../src/core/ports/workflow-port';
import { createTestApp, type AnyData, type TestApp } from '../harness';
import type { Dialect } from '../../src/db/database';
import { insertPublished, parseDefinition } from '../../src/engines/workflow/definitions.service';
import { runDueTimeouts } from '../../src/engines/workflow/timeouts';
import type { WfDeps } from '../../src/engines/workflow/runtime';

type Json = Record<string, unknown>;
export const P = '/oa/api/auth/oa/process';
export const W = '/oa/api/auth/oa/workflow';

/** An approver node; `extra` overrides settings (mode, whenEmpty, …). */
export const approver = (id: string, assignee: Json, extra: Json = {}): Json => ({
  id,
  type: 'approver',
  name: id,
  settings: { assignee, ...extra },
  childNode: null,
});
export const cc = (id: string, assignee: Json): Json => ({ id, type: 'cc', name: id, settings: { assignee }, childNode: null });
export const users = (...userCodes: string[]) => ({ kind: 'users', userCodes });
export const branch = (
  id: string,
  mode: 'exclusive' | 'parallel',
  branches: Array<{ id: string; priority?: number; isDefault?: boolean; conditions?: Json[]; nodes: Json[] }>,
): Json => ({
  id,
  type: 'branch',
  name: id,
  mode,
  childNode: null,
  branches: branches.map((b, i) => ({
    id: b.id,
    name: b.id,
    priority: b.priority ?? i + 1,
    isDefault: b.isDefault ?? false,
    conditions: b.conditions ?? [],
    childNode: chain(b.nodes),
  })),
});
export function chain(nodes: Json[]): Json | null {
  const copy = nodes.map((n) => ({ ...n }));
  for (let i = 0; i < copy.length - 1; i++) copy[i].childNode = copy[i + 1];
  return copy[0] ?? null;
}
export const definition = (moduleCode: string, nodes: Json[], extra: Json = {}): ProcessDefinition =>
  parseDefinition({
    moduleCode,
    name: `测试流程 ${moduleCode}`,
    deptCode: null,
    adminUserCodes: ['admin'],
    ...extra,
    root: { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} }, childNode: chain(nodes) },
  });

export interface Kit {
  t: TestApp;
  deps: WfDeps;
  /** outcomes reported to the (fake) records engine, by record id */
  outcomes: Map<string, string>;
  patches: Array<{ recordId: string; patch: Json }>;
  token(user: string): Promise<string>;
  /** publishes a definition for a fresh module code; returns the module code */
  publish(nodes: Json[], extra?: Json): Promise<string>;
  start(
    moduleCode: string,
    initiator: string,
    form?: Json,
    picks?: Record<string, string[]>,
  ): Promise<{ instanceId: string; outcome: string; recordId: string }>;
  /** the open tasks of a user on an instance */
  open(instanceId: string, user?: string): Promise<Array<{ id: string; assignee: string; node_id: string; on_behalf_of: string | null }>>;
  status(instanceId: string): Promise<string>;
  act(user: string, action: string, body: Json): Promise<{ code: number; message: string; data: AnyData }>;
  /** approves the single open task of `user` on the instance */
  approveAs(instanceId: string, user: string, extra?: Json): Promise<{ code: number; message: string; data: AnyData }>;
  history(
    instanceId: string,
  ): Promise<Array<{ action: string; actor: string; node_id: string | null; on_behalf_of: string | null; target: string | null }>>;
  timeouts(at: Date): Promise<number>;
  close(): Promise<void>;
}

let seq = 0;

/** A fresh app with a stand-in records engine for the test modules (t_*); others go to the real one. */
export async function setupKit(dialect: Dialect): Promise<Kit> {
  const t = await createTestApp(dialect);
  const outcomes = new Map<string, string>();
  const patches: Kit['patches'] = [];
  const real = t.ctx.records;
  const fake: RecordLifecycle = {
    async onOutcome(trx, input) {
      if (!input.moduleCode.startsWith('t_')) return real!.onOutcome(trx, input);
      outcomes.set(input.recordId, input.outcome);
    },
    async getForm(db, input) {
      return input.moduleCode.startsWith('t_') ? null : real!.getForm(db, input);
    },
    async patchForm(trx, input) {
      if (!input.moduleCode.startsWith('t_')) return real?.patchForm?.(trx, input);
      patches.push({ recordId: input.recordId, patch: input.patch });
    },
  };
  t.ctx.records = fake;
  // A deeper organisation: D01A (under D01, led by chenjing) holds zhaolei; the association (D00) is led by zhangwei.
  await t.ctx.db
    .insertInto('org_dept')
    .values({
      dept_code: 'D01A',
      dept_name: '文秘科',
      parent_code: 'D01',
      sort_no: 11,
      leader_user_code: 'chenjing',
      created_at: new Date().toISOString(),
    })
    .execute();
  await t.ctx.db.updateTable('sys_user').set({ dept_code: 'D01A' }).where('user_code', '=', 'zhaolei').execute();
  await t.ctx.db.updateTable('org_dept').set({ leader_user_code: 'zhangwei' }).where('dept_code', '=', 'D00').execute();
  const deps: WfDeps = { ctx: t.ctx, bus: null };
  const tokens = new Map<string, string>();
  const token = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const act: Kit['act'] = async (user, action, body) => (await t.call('POST', `${P}/${action}`, { token: await token(user), body })).body;
  const open: Kit['open'] = async (instanceId, user) => {
    let q = t.ctx.db
      .selectFrom('wf_task')
      .select(['id', 'assignee', 'node_id', 'on_behalf_of'])
      .where('instance_id', '=', instanceId)
      .where('status', '=', 'open');
    if (user) q = q.where('assignee', '=', user);
    return q.orderBy('seq').orderBy('created_at').execute();
  };
  return {
    t,
    deps,
    outcomes,
    patches,
    token,
    act,
    open,
    async publish(nodes, extra = {}) {
      const code = `t_${++seq}_${Math.random().toString(36).slice(2, 6)}`;
      await insertPublished(t.ctx.db, definition(code, nodes, extra), 'admin');
      return code;
    },
    async start(moduleCode, initiator, form = {}, picks) {
      const u = await t.ctx.db.selectFrom('sys_user').select('dept_code').where('user_code', '=', initiator).executeTakeFirstOrThrow();
      const recordId = `R${++seq}`;
      const input: StartInput = {
        moduleCode,
        recordId,
        serialNo: `SN${seq}`,
        title: `测试申请 ${seq}`,
        initiator,
        deptCode: u.dept_code,
        form,
        picks,
      };
      const out = await t.ctx.db.transaction().execute((trx) => t.ctx.workflow!.start(trx, input));
      return { ...out, recordId };
    },
    async status(id) {
      return (await t.ctx.db.selectFrom('wf_instance').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    },
    async approveAs(instanceId, user, extra = {}) {
      const [task] = await open(instanceId, user);
      if (!task) throw new Error(`${user} has no open task`);
      return act(user, 'approve', { taskId: task.id, ...extra });
    },
    history: (id) =>
      t.ctx.db
        .selectFrom('wf_history')
        .select(['action', 'actor', 'node_id', 'on_behalf_of', 'target'])
        .where('instance_id', '=', id)
        .orderBy('id')
        .execute(),
    timeouts: (at) => runDueTimeouts(deps, at),
    close: () => t.close(),
  };
}
