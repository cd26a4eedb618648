import type { Paged } from '@oa/shared/contract/envelope';
import type { ActionResult, InstanceView, TaskItem } from '@oa/shared/contract/workflow';
import { APPROVER_PREVIEW_PATH, PICK_NODES_PATH, type ApproverPreview, type PickNode } from '@oa/shared/contract/workflow-picks';
import { http, unwrap } from '../lib/http-client';

/** The workflow API calls the preview page makes (contract: @oa/shared/contract/workflow). */
const P = '/api/auth/oa/process';

export const processApi = {
  /** null when the workflow service is not available (the page then shows the record's own log) */
  view: async (moduleCode: string, recordId: string): Promise<InstanceView | null> => {
    try {
      return unwrap(await http.get<InstanceView>(`${P}/instance`, { moduleCode, recordId }, { quiet: true }));
    } catch {
      return null;
    }
  },
  /** `formPatch`: the approver's edits of the fields their node marks 'edit' */
  approve: async (taskId: string, comment?: string, formPatch?: Record<string, unknown>, signatureFileId?: string) =>
    unwrap(await http.post<ActionResult>(`${P}/approve`, { taskId, comment, formPatch, signatureFileId })),
  /** the nodes on this form's route where the initiator picks the approver */
  pickNodes: async (moduleCode: string, form: Record<string, unknown>) =>
    unwrap(await http.post<PickNode[]>(PICK_NODES_PATH, { moduleCode, form }, { quiet: true })),
  /** the approver chain this form would take (current user as initiator), before submitting */
  approverPreview: async (moduleCode: string, form: Record<string, unknown>) =>
    unwrap(await http.post<ApproverPreview>(APPROVER_PREVIEW_PATH, { moduleCode, form }, { quiet: true })),
  reject: async (taskId: string, comment: string) => unwrap(await http.post<ActionResult>(`${P}/reject`, { taskId, comment })),
  /** `resubmitToMe` (with `to: 'initiator'`): the corrected record comes straight back to this step */
  sendBack: async (taskId: string, to: string, comment?: string, resubmitToMe?: boolean) =>
    unwrap(await http.post<ActionResult>(`${P}/return`, { taskId, to, comment, resubmitToMe })),
  transfer: async (taskId: string, toUser: string, comment?: string) =>
    unwrap(await http.post<ActionResult>(`${P}/transfer`, { taskId, toUser, comment })),
  addSign: async (taskId: string, toUser: string, position: 'before' | 'after', comment?: string) =>
    unwrap(await http.post<ActionResult>(`${P}/addSign`, { taskId, toUser, position, comment })),
  /** `signatureFileId`: a handwritten signature drawn with the opinion (阅签) */
  comment: async (instanceId: string, comment: string, signatureFileId?: string) =>
    unwrap(await http.post<ActionResult>(`${P}/comment`, { instanceId, comment, signatureFileId })),
  /** my open workflow tasks of one module (the sign-off desk, department approvals) */
  todo: async (moduleCode: string, pageSize = 100) =>
    unwrap(await http.get<Paged<TaskItem>>(`${P}/todo`, { moduleCode, pageNumber: 1, pageSize })),
  urge: async (instanceId: string) => unwrap(await http.post<ActionResult>(`${P}/urge`, { instanceId })),
};
