import { historyOfInstances, readCcOfInstance } from './runtime.repository';
import type { HistoryItem, InstanceView, WorkflowAction } from '@oa/shared/contract/workflow';
import type { FieldPermission } from '@oa/shared/workflow/definition';
import { indexNodes } from '@oa/shared/workflow/tree';
import { actorNameOf } from '@oa/shared/workflow/history-labels';
import type { Db } from '../../db/database';
import { forbidden } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { Rt } from './engine';
import { Effects } from './notify';
import { loadDirectory } from './directory.repository';
import { ccOfInstance, tasksByInstance } from './pending.repository';
import { userNames } from '../../core/identity/identity.repository';
import { summarize, taskNamesOf, toCcItem, toTaskItem } from './pending.service';
import { returnTargets } from './returns';
import { definitionBody } from './runtime';
import { instancesOfRecord, tasksOfInstance } from './runtime.repository';
import { isParticipantOf } from './instance.service';
import { withdrawRefusal } from './withdraw-rule';
import { fieldPermissionsOf } from './field-perms';

const EMPTY: Omit<InstanceView, 'instances' | 'current'> = {
  definition: null,
  history: [],
  openTasks: [],
  myTask: null,
  myActions: [],
  returnTargets: [],
  fieldPermissions: {},
  cc: [],
  passedNodeIds: [],
};

function historyOf(names: Map<string, string>, rows: Awaited<ReturnType<typeof historyOfInstances>>): HistoryItem[] {
  const n = (c: string | null) => (c ? actorNameOf(c, names.get(c)) : null);
  return rows.map((r) => {
    const actorName = n(r.actor)!;
    const behalf = n(r.on_behalf_of);
    const target = r.target && !r.target.includes(',') ? r.target : null;
    return {
      id: Number(r.id),
      nodeId: r.node_id,
      nodeName: r.node_name,
      action: r.action as HistoryItem['action'],
      actor: r.actor,
      actorName,
      onBehalfOf: r.on_behalf_of,
      onBehalfOfName: behalf,
      actorLabel: behalf ? `${actorName}（代 ${behalf} 审批）` : actorName,
      target: r.target,
      // a form edit's target is field codes: its comment says what was set, in Chinese
      targetName:
        r.action === 'formEdit'
          ? null
          : target
            ? (names.get(target) ?? null)
            : r.target
              ? r.target
                  .split(',')
                  .map((c) => names.get(c) ?? c)
                  .join('、')
              : null,
      comment: r.comment,
      signatureFileId: r.signature_file_id,
      createdAt: r.created_at,
    };
  });
}

/**
 * What a preview page shows for a record: its instances, the timeline, open tasks, the viewer's task with
 * the actions, return targets and field permissions it allows, and the CC read receipts (the viewer's own
 * copy is marked read). `seeAll`: the viewer may read any instance (process administrators);
 * `readsRecord`: whether the owning area lets the viewer read the record itself (asked only when the
 * viewer is neither the initiator nor a participant).
 */
export async function instanceView(
  db: Db,
  viewer: string,
  moduleCode: string,
  recordId: string,
  seeAll: boolean,
  readsRecord: () => Promise<boolean> = async () => false,
): Promise<InstanceView> {
  const rows = await instancesOfRecord(db, moduleCode, recordId);
  if (!rows.length) return { instances: [], current: null, ...EMPTY };
  const ids = rows.map((r) => r.id);
  const isInitiator = rows.some((r) => r.initiator === viewer);
  if (!seeAll && !isInitiator && !(await isParticipantOf(db, ids, viewer)) && !(await readsRecord()))
    throw forbidden('您无权查看该审批流程');
  const cur = rows[0];
  await readCcOfInstance(db, cur.id, viewer, nowIso());
  const [summaries, historyRows, open, cc, allTasks, def] = await Promise.all([
    summarize(db, rows, viewer),
    historyOfInstances(db, ids),
    tasksByInstance(db, [cur.id], ['open']),
    ccOfInstance(db, cur.id),
    tasksOfInstance(db, cur.id),
    definitionBody(db, cur.definition_id),
  ]);
  const names = await userNames(db, [
    ...historyRows.flatMap((r) => [r.actor, r.on_behalf_of, ...(r.target?.split(',') ?? [])]),
    ...taskNamesOf([...open, ...cc]),
  ]);
  const history = historyOf(names, historyRows);
  const index = indexNodes(def);
  const mineOpen = open.find((t) => t.assignee === viewer) ?? null;
  const myTaskRow = mineOpen ? allTasks.find((t) => t.id === mineOpen.id)! : null;
  const node = myTaskRow ? index.get(myTaskRow.node_id)?.node : undefined;
  const actions: WorkflowAction[] = [];
  let targets: InstanceView['returnTargets'] = [];
  let perms: Record<string, FieldPermission> = {};
  if (myTaskRow && node?.type === 'approver') {
    actions.push('approve', 'reject');
    if (node.settings.allowReturn) actions.push('return');
    if (node.settings.allowTransfer) actions.push('transfer');
    if (node.settings.allowAddSign) actions.push('addSign');
    perms = node.settings.fieldPermissions;
    const rt = {
      inst: cur,
      index,
      dir: await loadDirectory(db),
      trx: db,
      now: nowIso(),
      def,
      fx: new Effects(null),
      form: {},
      picks: {},
      ended: null,
    } satisfies Rt;
    targets = returnTargets(rt, myTaskRow, allTasks);
  } else if (!isInitiator) {
    // a CC recipient or a past approver: their node's permissions, read-only
    perms = (await fieldPermissionsOf(db, { moduleCode, recordIds: [recordId], userCode: viewer })).get(recordId) ?? {};
  }
  if (cur.status === 'running' && cur.initiator === viewer) {
    actions.push('urge');
    if (!withdrawRefusal(cur, viewer)) actions.push('withdraw');
  }
  actions.push('comment');
  return {
    instances: summaries,
    current: summaries[0],
    definition: def,
    history,
    openTasks: open.map((t) => toTaskItem(names, t)),
    myTask: mineOpen ? toTaskItem(names, mineOpen) : null,
    myActions: [...new Set(actions)],
    returnTargets: targets,
    fieldPermissions: perms,
    cc: cc.map((c) => toCcItem(names, c)),
    passedNodeIds: passedNodes(allTasks, history, def.root.id),
  };
}

function passedNodes(tasks: Awaited<ReturnType<typeof tasksOfInstance>>, history: HistoryItem[], rootId: string): string[] {
  const ids = new Set<string>([rootId]);
  for (const t of tasks) if (t.status === 'done' && (t.result === 'approved' || t.result === 'auto')) ids.add(t.node_id);
  for (const h of history) if (h.nodeId && (h.action === 'cc' || h.action === 'skip' || h.action === 'autoApprove')) ids.add(h.nodeId);
  return [...ids];
}
