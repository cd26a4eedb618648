import { randomBytes } from 'node:crypto';
import { ROLE, ROLE_DEFAULT } from '@oa/shared/constants';
import type { Db } from '../database';
import { DOCUMENT_FLOWS } from './documents.flows.data';
import type { SeedFunction } from './seed-function';

/**
 * Structure of the official documents (issue 19), on every installation: the document clerks' and archivists' roles,
 * their grants, the default processes and the association's document types (renamed to the association's own by its
 * administrator). The demo's documents are documents.seed.ts.
 */
export const DOC_CLERK_ROLE = 'doc_clerk';
export const ARCHIVIST_ROLE = 'doc_archivist';
/** a department's clerk: registers its receipts (its leader instructs them) and numbers, prints and sends its dispatches */
export const DEPT_CLERK_ROLE = 'dept_doc_clerk';
const ROLES = [
  { code: DOC_CLERK_ROLE, name: '公文管理员', remark: '收文登记、发文编号印制分发、收发文台账' },
  { code: DEPT_CLERK_ROLE, name: '部门文书', remark: '本部门收文登记、部门发文编号印制分发' },
  { code: ARCHIVIST_ROLE, name: '档案管理员', remark: '归档、档案目录、案卷' },
];

const GRANTS: Array<[string, string[]]> = [
  [
    ROLE_DEFAULT,
    [
      '/receipt',
      '/receiptPreview',
      '/dispatch',
      '/dispatchEdit',
      '/dispatchPreview',
      '/deptReceipt',
      '/deptReceiptPreview',
      '/deptDispatch',
      '/deptDispatchEdit',
      '/deptDispatchPreview',
      '/archiveDetail',
      'oa_dispatch:create',
      'oa_deptDispatch:create',
    ],
  ],
  [
    DOC_CLERK_ROLE,
    [
      '/receiptEdit',
      '/receiptManager',
      '/dispatchManage',
      '/dispatchManageApprove',
      '/memberUnits',
      '/deptDispatchType',
      '/deptReceiptType',
      'oa_receipt:create',
      'oa_receipt:manage',
      'oa_dispatch:manage',
    ],
  ],
  [
    DEPT_CLERK_ROLE,
    [
      '/deptReceiptEdit',
      '/deptReceiptType',
      '/deptDispatchType',
      'oa_deptReceipt:create',
      'oa_deptReceipt:manage',
      'oa_deptDispatch:manage',
    ],
  ],
  [
    ROLE.DEPT_LEADER,
    [
      '/deptReceiptEdit',
      '/deptReceiptType',
      '/deptDispatchType',
      '/dispatchManageApprove',
      'oa_deptReceipt:create',
      'oa_deptReceipt:manage',
      'oa_deptDispatch:manage',
    ],
  ],
  [
    ROLE.DEPT_RECEIPT_LEADER,
    ['/deptReceiptEdit', '/deptReceiptType', 'oa_deptReceipt:create', 'oa_deptReceipt:manage', 'oa_deptReceipt:approve'],
  ],
  [
    ARCHIVIST_ROLE,
    [
      '/archive',
      '/archiveDetail',
      '/archivePre',
      '/receiptPre',
      '/dispatchPre',
      '/archive/rollList',
      '/receiptManager',
      '/dispatchManage',
      'oa_receipt:read',
      'oa_dispatch:read',
    ],
  ],
];

const id = (p: string) => `${p}${randomBytes(10).toString('hex')}`;

/** A document type row (doc_type). */
export const docType = (
  at: string,
  kind: 'receipt' | 'dispatch',
  scope: 'office' | 'dept',
  dept: string,
  name: string,
  prefix: string,
  sort: number,
  remark: string | null = null,
) => ({
  id: id('T'),
  kind,
  scope,
  dept_code: dept,
  name,
  prefix,
  enabled: 'Y' as const,
  sort_no: sort,
  remark,
  created_at: at,
  updated_at: at,
});

/** The document roles, grants, default processes and the association's document types, in the structure seed's transaction. */
export async function seedDocumentsStructure(trx: Db, functions: readonly SeedFunction[], at: string): Promise<void> {
  await trx
    .insertInto('sys_role')
    .values(
      ROLES.map((r, i) => ({
        role_code: r.code,
        role_name: r.name,
        remark: r.remark,
        sort_no: 50 + i,
        platform_code: '1',
        created_at: at,
      })),
    )
    .execute();
  const byRouter = new Map(functions.filter((f) => f.router).map((f) => [f.router!, f.funCode]));
  const known = new Set(functions.map((f) => f.funCode));
  const existing = new Set(
    (await trx.selectFrom('sys_role_function').select(['role_code', 'fun_code']).execute()).map((r) => `${r.role_code}|${r.fun_code}`),
  );
  const grants = new Map<string, { role_code: string; fun_code: string }>();
  for (const [role, items] of GRANTS) {
    for (const item of items) {
      const fun = item.startsWith('/') ? byRouter.get(item) : item;
      if (fun && known.has(fun) && !existing.has(`${role}|${fun}`)) grants.set(`${role}|${fun}`, { role_code: role, fun_code: fun });
    }
  }
  if (grants.size)
    await trx
      .insertInto('sys_role_function')
      .values([...grants.values()])
      .execute();
  // the archive page's function is the archivists' key (features/archive)
  if (!existing.has(`${ARCHIVIST_ROLE}|doc_archive`) && !grants.has(`${ARCHIVIST_ROLE}|doc_archive`))
    await trx.insertInto('sys_role_function').values({ role_code: ARCHIVIST_ROLE, fun_code: 'doc_archive' }).execute();

  for (const d of DOCUMENT_FLOWS) {
    await trx
      .insertInto('wf_definition')
      .values({
        id: id('D'),
        module_code: d.moduleCode,
        dept_code: null,
        name: d.name,
        version: 1,
        status: 'published',
        body: JSON.stringify(d),
        created_by: 'admin',
        created_at: at,
        updated_at: at,
        published_at: at,
      })
      .execute();
  }

  await trx
    .insertInto('doc_type')
    .values([
      docType(at, 'dispatch', 'office', '-', '协会文件', 'X协', 1, '以协会名义印发的正式文件'),
      docType(at, 'dispatch', 'office', '-', '协会办公室文件', 'X协办', 2, '以协会办公室名义印发'),
      docType(at, 'dispatch', 'office', '-', '协会函', 'X协函', 3, '平行或不相隶属单位之间的函'),
      docType(at, 'dispatch', 'office', '-', '请示报告', 'X协报', 4, '上报主管部门的请示、报告（版头标注签发人）'),
      docType(at, 'receipt', 'office', '-', '上级来文', '上级', 1),
      docType(at, 'receipt', 'office', '-', '会员单位来文', '会员', 2),
    ])
    .execute();
}
