import type { ApproverNode, Directory, ProcessDefinition } from '@oa/shared/workflow/definition';
import type { PickNode } from '@oa/shared/contract/workflow-picks';
import { nameOf } from '@oa/shared/workflow/assignees';
import { simulate } from '@oa/shared/workflow/simulate';
import { indexNodes } from '@oa/shared/workflow/tree';
import type { Db } from '../../db/database';
import { bizError } from '../../lib/errors';
import { findBound } from './definitions.repository';
import { loadDirectory } from './directory.repository';
import { definitionBody } from './runtime';

type PickApprover = ApproverNode & { settings: { assignee: { kind: 'initiatorPicks' } } };
const isPickNode = (n: { type: string; settings?: unknown }): n is PickApprover =>
  n.type === 'approver' && (n as ApproverNode).settings.assignee.kind === 'initiatorPicks';

/** The 'initiatorPicks' approver nodes on the route a form takes (the shared simulate(), as the engine routes). */
export function pickNodesOnRoute(
  def: ProcessDefinition,
  form: Record<string, unknown>,
  initiator: string,
  dir: Directory,
  initiatorDept: string | null,
): PickApprover[] {
  const index = indexNodes(def);
  const route = simulate(def, form, initiator, dir, { initiatorDept }).route;
  return route.map((id) => index.get(id)?.node).filter((n): n is PickApprover => !!n && isPickNode(n));
}

/**
 * Refuses a start whose route needs picks that are missing (names the node). People outside a node's
 * candidates are ignored, as the engine does; a node left with nobody valid counts as missing.
 */
export function checkPicks(nodes: PickApprover[], picks: Record<string, string[]>, dir: Directory): void {
  for (const n of nodes) {
    const a = n.settings.assignee;
    const chosen = [...new Set(picks[n.id] ?? [])];
    if (!a.multiple && chosen.length > 1) throw bizError(`「${n.name}」只能选择一位审批人`);
    const valid = chosen.filter((c) => dir.users[c]?.active && (!a.candidates.length || a.candidates.includes(c)));
    if (!valid.length)
      throw bizError(chosen.length ? `「${n.name}」选择的审批人不在可选范围内或已停用，请重新选择` : `请选择「${n.name}」的审批人`);
  }
}

/** What the edit page asks the initiator for: the pick nodes of the bound process on this form's route. */
export async function pickNodesFor(
  db: Db,
  input: { moduleCode: string; form: Record<string, unknown>; initiator: string; deptCode: string | null },
): Promise<PickNode[]> {
  const row = await findBound(db, input.moduleCode, input.deptCode);
  if (!row) return []; // the built-in fallback (department leader) asks for nobody
  const def = await definitionBody(db, row.id);
  const dir = await loadDirectory(db);
  return pickNodesOnRoute(def, input.form, input.initiator, dir, input.deptCode).map((n) => {
    const a = n.settings.assignee;
    const codes = a.candidates.filter((c) => dir.users[c]?.active);
    return {
      nodeId: n.id,
      nodeName: n.name,
      multiple: a.multiple,
      candidates: codes.map((c) => ({ userCode: c, userName: nameOf(dir, c) })),
    };
  });
}
