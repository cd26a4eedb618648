import type { ApproverPreview, ApproverPreviewStep } from '@oa/shared/contract/workflow-picks';
import type { ApproverNode, ProcessDefinition } from '@oa/shared/workflow/definition';
import { simulate } from '@oa/shared/workflow/simulate';
import { indexNodes } from '@oa/shared/workflow/tree';
import type { Db } from '../../db/database';
import { findBound } from './definitions.repository';
import { fallbackDefinition } from './definitions.service';
import { loadDirectory } from './directory.repository';
import { definitionBody } from './runtime';

const MODE_LABELS: Record<string, string> = { sequential: '依次审批', all: '会签（须全部同意）', any: '或签（一人同意即可）' };

function modeOf(node: ApproverNode): string | null {
  const m = node.settings.mode;
  if (m.kind === 'ratio') return `按比例通过（${m.percent}% 同意）`;
  return MODE_LABELS[m.kind] ?? null;
}

/**
 * The approver chain of a form before it is submitted: the module's bound process (or the built-in
 * "department leader approves"), walked by the shared simulate() exactly as the engine will route it,
 * with the current user as initiator. Nodes where the applicant picks the approver say so until picked.
 */
export async function approverPreview(
  db: Db,
  input: {
    moduleCode: string;
    form: Record<string, unknown>;
    initiator: string;
    deptCode: string | null;
    picks?: Record<string, string[]>;
  },
): Promise<ApproverPreview> {
  const row = await findBound(db, input.moduleCode, input.deptCode);
  const def: ProcessDefinition = row ? await definitionBody(db, row.id) : fallbackDefinition(input.moduleCode);
  const dir = await loadDirectory(db);
  const index = indexNodes(def);
  const sim = simulate(def, input.form, input.initiator, dir, { initiatorDept: input.deptCode, picks: input.picks });
  const steps: ApproverPreviewStep[] = [];
  for (const s of sim.steps) {
    if (s.type !== 'approver' && s.type !== 'cc') continue;
    const node = index.get(s.nodeId)?.node;
    const approver = node?.type === 'approver' ? (node as ApproverNode) : null;
    const picking = approver?.settings.assignee.kind === 'initiatorPicks' && !input.picks?.[s.nodeId]?.length;
    const people = s.approvers.map((a) => ({ userCode: a.userCode, userName: a.userName, auto: a.auto }));
    steps.push({
      nodeId: s.nodeId,
      nodeName: s.nodeName,
      type: s.type,
      outcome: picking ? 'pick' : s.outcome === 'cc' || s.outcome === 'autoPass' || s.outcome === 'reject' ? s.outcome : 'tasks',
      people: picking ? [] : people,
      mode: approver && people.length > 1 ? modeOf(approver) : null,
      note: picking
        ? '提交时由您选择审批人'
        : s.outcome === 'autoPass'
          ? s.reasons.join('；') || '自动通过'
          : s.outcome === 'reject'
            ? s.reasons.join('；') || '无人审批，将被驳回'
            : null,
    });
  }
  return { processName: def.name, steps, outcome: sim.outcome };
}
