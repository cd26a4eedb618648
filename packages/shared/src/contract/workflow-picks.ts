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
