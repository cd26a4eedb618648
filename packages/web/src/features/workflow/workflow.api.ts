import { useQuery } from '@tanstack/react-query';
import type { Paged } from '@oa/shared/contract/envelope';
import type {
  ActionResult,
  ConditionField,
  DefinitionDetail,
  DefinitionStatus,
  DefinitionSummary,
  DelegationItem,
  DirectoryResult,
  InstanceSummary,
  InstanceView,
  SimulateResultDto,
  TaskItem,
  ValidationProblem,
} from '@oa/shared/contract/workflow';
import type { Directory, ProcessDefinition } from '@oa/shared/workflow/definition';
import { http, unwrap, type QueryParams } from '../../lib/http-client';
import type { DesignerDirectory } from './designer/designer-types';

const D = '/api/auth/oa/workflow';
const P = '/api/auth/oa/process';

interface DefinitionListParams extends QueryParams {
  pageNumber: number;
  pageSize: number;
  moduleCode?: string;
  status?: DefinitionStatus;
  latestOnly?: 'Y' | 'N';
  keyword?: string;
}

export const workflowApi = {
  list: async (params: DefinitionListParams) => unwrap(await http.get<Paged<DefinitionSummary>>(`${D}/definitions`, params)),
  detail: async (id: string) => unwrap(await http.get<DefinitionDetail>(`${D}/definition`, { id })),
  versions: async (moduleCode: string, deptCode?: string | null) =>
    unwrap(await http.get<DefinitionSummary[]>(`${D}/versions`, { moduleCode, deptCode: deptCode ?? undefined })),
  saveDraft: async (definition: ProcessDefinition, id?: string) =>
    unwrap(await http.post<DefinitionSummary>(`${D}/saveDraft`, { id, definition })),
  validate: async (definition: ProcessDefinition, conditionFields: ConditionField[]) =>
    unwrap(await http.post<{ valid: boolean; problems: ValidationProblem[] }>(`${D}/validate`, { definition, conditionFields })),
  /** validated on the server against the module registry's fields; refusals carry the problems in `data.problems` */
  publish: (id: string) => http.post<DefinitionSummary | { problems: ValidationProblem[] }>(`${D}/publish`, { id }),
  remove: async (id: string) => unwrap(await http.post<null>(`${D}/deleteDraft`, { id })),
  directory: async () => unwrap(await http.get<DirectoryResult>(`${D}/directory`)),
  simulate: async (body: {
    definition?: ProcessDefinition;
    definitionId?: string;
    form: Record<string, unknown>;
    initiator: string;
    picks?: Record<string, string[]>;
  }) => unwrap(await http.post<SimulateResultDto>(`${D}/simulate`, body)),
  shareLink: async (definitionId: string) =>
    unwrap(await http.post<{ token: string; path: string; expiresAt: string }>(`${D}/shareLink`, { definitionId })),
};

export interface InstanceListParams extends QueryParams {
  pageNumber: number;
  pageSize: number;
  /** keyset paging: the previous page's `nextCursor` */
  after?: string;
  moduleCode?: string;
  status?: InstanceSummary['status'];
  initiator?: string;
  keyword?: string;
  startedFrom?: string;
  startedTo?: string;
}

export const processAdminApi = {
  instances: async (params: InstanceListParams) => unwrap(await http.get<Paged<InstanceSummary>>(`${P}/admin/instances`, params)),
  instance: async (moduleCode: string, recordId: string) => unwrap(await http.get<InstanceView>(`${P}/instance`, { moduleCode, recordId })),
  reassign: async (taskId: string, toUser: string, reason: string) =>
    unwrap(await http.post<ActionResult>(`${P}/admin/reassign`, { taskId, toUser, reason })),
  terminate: async (instanceId: string, reason: string) =>
    unwrap(await http.post<ActionResult>(`${P}/admin/terminate`, { instanceId, reason })),
  openTasks: (view: InstanceView): TaskItem[] => view.openTasks,
};

interface DelegationBody {
  id?: string;
  userCode?: string;
  deputyCode: string;
  moduleCode?: string | null;
  startDate: string;
  endDate: string;
  reason?: string;
  enabled?: boolean;
}

export const delegationApi = {
  list: async (params: { pageNumber: number; pageSize: number; userCode?: string }) =>
    unwrap(await http.get<Paged<DelegationItem>>(`${P}/admin/delegations`, params)),
  save: async (body: DelegationBody) => unwrap(await http.post<string>(`${P}/admin/saveDelegation`, body)),
  /** cancelling keeps the record (disabled), so the list shows who delegated when */
  cancel: async (d: DelegationItem) =>
    unwrap(
      await http.post<string>(`${P}/admin/saveDelegation`, {
        id: d.id,
        userCode: d.userCode,
        deputyCode: d.deputyCode,
        moduleCode: d.moduleCode,
        startDate: d.startDate,
        endDate: d.endDate,
        reason: d.reason ?? undefined,
        enabled: false,
      }),
    ),
};

/** The directory in the two shapes the web needs: pickers / summaries, and simulate()'s lookup tables. */
interface WorkflowDirectory {
  designer: DesignerDirectory;
  lookup: Directory;
}

function toWorkflowDirectory(d: DirectoryResult): WorkflowDirectory {
  const deptName = new Map(d.depts.map((x) => [x.deptCode, x.deptName]));
  return {
    designer: {
      users: d.users
        .filter((u) => u.active)
        .map((u) => ({ userCode: u.userCode, userName: u.userName, deptName: u.deptCode ? (deptName.get(u.deptCode) ?? null) : null })),
      roles: d.roles,
      depts: d.depts.map((x) => ({ deptCode: x.deptCode, deptName: x.deptName, parentCode: x.parentCode })),
    },
    lookup: {
      users: Object.fromEntries(d.users.map((u) => [u.userCode, u])),
      depts: Object.fromEntries(d.depts.map((x) => [x.deptCode, x])),
    },
  };
}

/** The directory, fetched once per few minutes and shared by every workflow page. */
export function useWorkflowDirectory() {
  return useQuery({
    queryKey: ['workflow', 'directory'],
    queryFn: async () => toWorkflowDirectory(await workflowApi.directory()),
    staleTime: 300_000,
  });
}
