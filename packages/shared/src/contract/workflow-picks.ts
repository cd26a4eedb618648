import { z } from 'zod';

/**
 * POST /oa/api/auth/oa/workflow/pickNodes (any logged-in user): the approver nodes whose assignee is
 * 'initiatorPicks' on the route a form would take with the current user as initiator, with the people
 * they may pick. The edit page asks for these and sends `picks` (nodeId → user codes) with submit.
 */
export const PICK_NODES_PATH = '/api/auth/oa/workflow/pickNodes';

export const pickNodesBody = z.object({
  moduleCode: z.string({ message: '缺少业务编码' }).min(1, { message: '缺少业务编码' }).max(64),
  form: z.record(z.string(), z.unknown()).default({}),
});
export type PickNodesBody = z.infer<typeof pickNodesBody>;

export const pickCandidate = z.object({ userCode: z.string(), userName: z.string() });
export const pickNode = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  /** several people may be picked */
  multiple: z.boolean(),
  /** empty: anyone */
  candidates: z.array(pickCandidate),
});
export type PickNode = z.infer<typeof pickNode>;

/**
 * POST /oa/api/auth/oa/workflow/approverPreview (who may create records of the module): the approver
 * chain a form would take with the current user as initiator — shown on the form before submitting.
 */
export const APPROVER_PREVIEW_PATH = '/api/auth/oa/workflow/approverPreview';
export const approverPreviewBody = pickNodesBody.extend({
  /** nodeId → users already picked for 'initiatorPicks' nodes */
  picks: z.record(z.string().max(64), z.array(z.string().max(64)).max(50)).optional(),
});
export const approverPreviewStep = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  type: z.enum(['approver', 'cc']),
  /** tasks: people approve; autoPass: passes by itself; reject: nobody to approve, the form would be rejected; cc: copied; pick: the applicant picks at submit */
  outcome: z.enum(['tasks', 'autoPass', 'reject', 'cc', 'pick']),
  people: z.array(z.object({ userCode: z.string(), userName: z.string(), auto: z.boolean() })),
  /** how approvers decide: one after another, all of them, any one of them, a ratio */
  mode: z.string().nullable(),
  note: z.string().nullable(),
});
export const approverPreview = z.object({
  processName: z.string(),
  steps: z.array(approverPreviewStep),
  outcome: z.enum(['approved', 'rejected', 'pending']),
});
export type ApproverPreview = z.infer<typeof approverPreview>;
export type ApproverPreviewStep = z.infer<typeof approverPreviewStep>;
