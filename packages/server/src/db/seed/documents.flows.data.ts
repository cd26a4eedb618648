import { ROLE } from '@oa/shared/constants';
import { processDefinitionSchema, type ProcessDefinition } from '@oa/shared/workflow/definition';

/**
 * Default processes of the official documents (issue 19), seeded published; administrators redesign
 * them on /workFlow. Receipt: 初审 (may go back) → 拟办 (the office director fills in the leader, the
 * handling departments and the readers) → 批示 → 承办 (all handlers at once) → 传阅 (CC with read
 * receipts) → 办结. A department's receipt is registered by its clerk and instructed by its leader, who
 * names the handlers (拟办 and 批示 cannot pass without them). Dispatch: 拟稿 → 核稿 → 会签 (all countersigners at once) → 签发; numbering,
 * printing and distribution follow on the documents' own desk (/dispatchManage).
 */
const DOC_SECRETARY = 'zhaolei'; // 文秘
const OFFICE_DIRECTOR = 'leader'; // 办公室主任

const approver = (id: string, name: string, assignee: unknown, extra: Record<string, unknown> = {}, childNode: unknown = null) => ({
  id,
  type: 'approver',
  name,
  childNode,
  settings: { assignee, whenEmpty: 'toAdmin', whenInitiator: 'skip', ...extra },
});
const cc = (id: string, name: string, assignee: unknown, childNode: unknown = null) => ({
  id,
  type: 'cc',
  name,
  childNode,
  settings: { assignee },
});
const all = { mode: { kind: 'all' }, whenEmpty: 'autoPass' };
/** 承办 is never passed by nobody: the step before it must name the handlers; should none be left, the registrar's department leader handles it */
const handling = { mode: { kind: 'all' }, whenEmpty: 'toLeader', whenInitiator: 'selfApprove' };
const namesHandlers = { requiredFields: ['handlers'] };
const edit = (...fields: string[]) => ({ fieldPermissions: Object.fromEntries(fields.map((f) => [f, 'edit'])) });

function def(moduleCode: string, name: string, chain: unknown): ProcessDefinition {
  const parsed = processDefinitionSchema.parse({
    moduleCode,
    name,
    deptCode: null,
    adminUserCodes: ['admin'],
    root: { id: 'start', type: 'start', name: '登记/拟稿', settings: { fieldPermissions: {} }, childNode: chain },
  });
  if (parsed.root.type !== 'start') throw new Error(`flow ${moduleCode}: the root must be a start node`);
  return { ...parsed, root: parsed.root };
}

const receiptTail = (p: string) =>
  approver(
    `${p}handle`,
    '承办',
    { kind: 'formUser', field: 'handlers' },
    handling,
    cc(`${p}read`, '传阅', { kind: 'formUser', field: 'readers' }),
  );

export const DOCUMENT_FLOWS: ProcessDefinition[] = [
  def(
    'oa_receipt',
    '收文办理流程',
    approver(
      'check',
      '初审',
      { kind: 'users', userCodes: [DOC_SECRETARY] },
      {},
      approver(
        'propose',
        '拟办',
        { kind: 'users', userCodes: [OFFICE_DIRECTOR] },
        { ...edit('leader', 'handlers', 'readers'), ...namesHandlers },
        approver(
          'instruct',
          '领导批示',
          { kind: 'formUser', field: 'leader' },
          { whenEmpty: 'autoPass', ...edit('handlers', 'readers'), ...namesHandlers },
          receiptTail(''),
        ),
      ),
    ),
  ),
  def(
    'oa_deptReceipt',
    '部门收文办理流程',
    approver(
      'instruct',
      '部门领导批示',
      { kind: 'role', roleCode: ROLE.DEPT_RECEIPT_LEADER, scope: 'initiatorDept' },
      // a leader who registers a receipt himself still instructs it (never skipped as its initiator);
      // a department without a receipt leader (012) has its leader instruct
      { mode: { kind: 'any' }, whenEmpty: 'toLeader', whenInitiator: 'selfApprove', ...edit('handlers', 'readers'), ...namesHandlers },
      receiptTail('d'),
    ),
  ),
  def(
    'oa_dispatch',
    '发文办理流程',
    approver(
      'review',
      '核稿',
      { kind: 'users', userCodes: [DOC_SECRETARY] },
      {},
      approver(
        'countersign',
        '会签',
        { kind: 'formUser', field: 'countersigners' },
        all,
        approver('sign', '签发', { kind: 'formUser', field: 'signer' }, { whenInitiator: 'selfApprove', dedupeConsecutive: false }),
      ),
    ),
  ),
  def(
    'oa_deptDispatch',
    '部门发文办理流程',
    approver(
      'review',
      '部门负责人核稿',
      { kind: 'deptLeader' },
      { whenInitiator: 'skip' },
      approver(
        'countersign',
        '会签',
        { kind: 'formUser', field: 'countersigners' },
        all,
        approver('sign', '签发', { kind: 'formUser', field: 'signer' }, { whenInitiator: 'selfApprove', dedupeConsecutive: false }),
      ),
    ),
  ),
];
