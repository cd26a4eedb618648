import { chinaDate, chinaYear } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { cleanRichText } from '../../core/rich-text';
import type { z } from 'zod';
import {
  EDITABLE_DOC_STATUSES,
  dispatchForm,
  receiptForm,
  type DocDetail,
  type DocListQuery,
  type DocRow,
  type DocStatus,
  type DistributionRow,
} from '@oa/shared/contract/documents';
import { MODULE_OF, type DocKind, type DocScope } from '@oa/shared/contract/document-routes';
import { formatSerial } from '@oa/shared/modules/define-module';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { currentSteps } from '../../core/ports/process-participation.repository';
import { processSheet } from '../../core/ports/process-sheet';
import { canManage, canReadDoc, moduleCodeOf, permOf, type DocActor } from './documents.access';
import { applyDocOutcome, formOf, parseData } from './documents.lifecycle';
import { checkLeader } from './documents.leaders';
import {
  activeUsers,
  deleteDoc,
  deptNames,
  findDoc,
  insertDoc,
  listDocs,
  markRead,
  filesByIds,
  myCopy,
  nextSerial,
  typeNamesOf,
  replaceFiles,
  updateDocIn,
  type DistRowDb,
  type DocRowDb,
} from './documents.repository';
import { userNames } from '../../core/identity/identity.repository';
import { findType } from './numbering.repository';
import { indexDocument } from './documents.search';
import { removeEntry } from '../../core/search/search-index';
import { fileRefusal } from '../../core/ports/document-port';

/** the supervision area's function for creating a task (its create route's access) */
const SUPERVISE_CREATE_PERM = 'sup_task_edit';

export const newId = (p: string) => `${p}${randomBytes(10).toString('hex')}`;

function validate<T extends z.ZodType>(schema: T, form: Record<string, unknown>): z.infer<T> {
  const r = schema.safeParse(form);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue.path.map(String).join('.') || 'form';
    throw badRequest(issue.message, `form.${field}`);
  }
  return r.data;
}

async function checkUsers(db: Db, codes: Array<[string, string[]]>): Promise<void> {
  const all = codes.flatMap(([, c]) => c);
  const found = new Set((await activeUsers(db, [...new Set(all)])).map((u) => u.user_code));
  for (const [field, list] of codes) {
    const missing = list.find((c) => !found.has(c));
    if (missing) throw badRequest(`人员 ${missing} 不存在或已停用`, `form.${field}`);
  }
}

interface Input {
  kind: DocKind;
  scope: DocScope;
  id?: string;
  form: Record<string, unknown>;
  submit: boolean;
}

/** Registers a receipt / drafts a dispatch (and optionally submits it into its process). */
export async function save(ctx: AppContext, actor: DocActor, input: Input): Promise<{ id: string }> {
  const moduleCode = moduleCodeOf(input.kind, input.scope);
  if (!(await actor.can(`${moduleCode}:create`))) throw forbidden(`没有访问权限（需要功能权限：${moduleCode}:create）`);
  if (input.scope === 'dept' && !actor.deptCode) throw bizError('您不属于任何部门，不能办理部门公文');
  const at = nowIso();
  let row: Omit<
    DocRowDb,
    | 'id'
    | 'serial_no'
    | 'doc_year'
    | 'creator'
    | 'created_at'
    | 'status'
    | 'archived'
    | 'doc_no'
    | 'number_id'
    | 'numbered_at'
    | 'printed_file_id'
    | 'submitted_at'
    | 'finished_at'
    | 'kind'
    | 'scope'
    | 'module_code'
    | 'dept_code'
  >;
  let files: string[];
  if (input.kind === 'receipt') {
    const f = validate(receiptForm, input.form);
    await checkUsers(ctx.db, [
      ['leader', f.leader ? [f.leader] : []],
      ['handlers', f.handlers],
      ['readers', f.readers],
    ]);
    await checkLeader(ctx.db, f.leader, 'form.leader');
    if (f.typeId) await checkType(ctx.db, f.typeId, input, actor);
    row = {
      type_id: f.typeId,
      title: f.title,
      source_org: f.sourceOrg,
      source_no: f.sourceNo,
      main_to: null,
      secret_level: f.secretLevel,
      urgency: f.urgency,
      received_date: f.receivedDate,
      deadline: f.deadline,
      updated_at: at,
      data: JSON.stringify({
        copies: f.copies,
        summary: f.summary,
        leader: f.leader,
        handlers: f.handlers,
        readers: f.readers,
        bodyFileId: f.bodyFileId,
        attachments: f.attachments,
      }),
    };
    files = [...(f.bodyFileId ? [f.bodyFileId] : []), ...f.attachments.map((a) => a.fileId)];
  } else {
    const f = validate(dispatchForm, input.form);
    await checkUsers(ctx.db, [
      ['signer', [f.signer]],
      ['countersigners', f.countersigners],
    ]);
    await checkType(ctx.db, f.typeId, input, actor);
    row = {
      type_id: f.typeId,
      title: f.title,
      source_org: null,
      source_no: null,
      main_to: f.mainTo,
      secret_level: f.secretLevel,
      urgency: f.urgency,
      received_date: null,
      deadline: null,
      updated_at: at,
      data: JSON.stringify({
        ccTo: f.ccTo,
        countersigners: f.countersigners,
        signer: f.signer,
        issuer: f.issuer,
        bodyHtml: cleanRichText(f.bodyHtml).html,
        bodyFileId: f.bodyFileId,
        attachments: f.attachments,
        attachNote: f.attachNote,
        copies: f.copies,
      }),
    };
    files = [...(f.bodyFileId ? [f.bodyFileId] : []), ...f.attachments.map((a) => a.fileId)];
  }
  await checkFiles(ctx.db, actor, files);
  return ctx.db.transaction().execute(async (trx) => {
    let id = input.id;
    if (id) {
      const doc = await findDoc(trx, id);
      if (!doc || doc.module_code !== moduleCode) throw notFound('公文不存在');
      if (doc.creator !== actor.userCode) throw forbidden('只有登记人/拟稿人可以修改');
      if (!(await updateDocIn(trx, id, EDITABLE_DOC_STATUSES, row))) throw bizError('公文已在办理中，不能修改');
      await replaceFiles(trx, id, files);
    } else {
      id = newId('D');
      const year = chinaYear();
      const m = moduleByCode(moduleCode)!;
      const serial = formatSerial(m.serial.pattern, m.serial.prefix, year, await nextSerial(trx, moduleCode, year));
      await insertDoc(
        trx,
        {
          ...row,
          id,
          kind: input.kind,
          scope: input.scope,
          module_code: moduleCode,
          serial_no: serial,
          doc_year: year,
          dept_code: actor.deptCode,
          status: 'draft',
          archived: 'N',
          creator: actor.userCode,
          created_at: at,
          doc_no: null,
          number_id: null,
          numbered_at: null,
          printed_file_id: null,
          submitted_at: null,
          finished_at: null,
        },
        files,
      );
    }
    // submitting indexes it too (with its new status)
    if (input.submit) await submitIn(ctx, trx, actor, id);
    else await indexDocument(trx, id);
    return { id };
  });
}

async function checkType(db: Db, typeId: string, input: { kind: DocKind; scope: DocScope }, actor: DocActor): Promise<void> {
  const t = await findType(db, typeId);
  if (
    !t ||
    t.kind !== input.kind ||
    t.scope !== input.scope ||
    t.enabled !== 'Y' ||
    (input.scope === 'dept' && t.dept_code !== actor.deptCode)
  ) {
    throw badRequest('公文类型不存在或已停用', 'form.typeId');
  }
}

/** Only one's own uploads (or files already readable to everyone) can be attached. */
async function checkFiles(db: Db, actor: DocActor, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await filesByIds(db, ids);
  for (const id of ids) {
    const f = rows.find((r) => r.id === id);
    if (!f) throw badRequest('附件不存在', 'form.attachments');
    if (f.scope === 'private' && f.owner !== actor.userCode && !actor.isAdmin)
      throw badRequest('不能引用他人的私有文件', 'form.attachments');
  }
}

async function submitIn(ctx: AppContext, trx: Db, actor: DocActor, id: string): Promise<void> {
  const doc = await findDoc(trx, id);
  if (!doc) throw notFound('公文不存在');
  if (doc.creator !== actor.userCode) throw forbidden('只有登记人/拟稿人可以提交');
  const at = nowIso();
  if (!(await updateDocIn(trx, id, EDITABLE_DOC_STATUSES, { status: 'running', submitted_at: at, updated_at: at })))
    throw bizError('公文已提交，请勿重复提交');
  const started = await ctx.workflow.start(trx, {
    moduleCode: doc.module_code,
    recordId: id,
    serialNo: doc.serial_no,
    title: doc.title,
    initiator: actor.userCode,
    deptCode: actor.deptCode,
    form: formOf({ ...doc, status: 'running' }),
  });
  await applyDocOutcome(trx, id, started.outcome);
  await indexDocument(trx, id);
}

export async function submit(ctx: AppContext, actor: DocActor, id: string): Promise<void> {
  await ctx.db.transaction().execute((trx) => submitIn(ctx, trx, actor, id));
}

/** Who may withdraw a document: its registrar/drafter while it runs (and the process's own rule, `mayWithdraw`). */
function withdrawRefusal(doc: DocRowDb, actor: DocActor): { forbidden: boolean; message: string } | null {
  if (doc.creator !== actor.userCode) return { forbidden: true, message: '只有登记人/拟稿人可以撤回' };
  if (doc.status !== 'running') return { forbidden: false, message: '公文不在办理中，不能撤回' };
  return null;
}

export async function withdraw(ctx: AppContext, actor: DocActor, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const doc = await findDoc(trx, id);
    if (!doc) throw notFound('公文不存在');
    const refusal = withdrawRefusal(doc, actor);
    if (refusal) throw refusal.forbidden ? forbidden(refusal.message) : bizError(refusal.message);
    await ctx.workflow!.withdraw(trx, { moduleCode: doc.module_code, recordId: id, userCode: actor.userCode });
    await updateDocIn(trx, id, ['running'], { status: 'withdrawn', updated_at: nowIso() });
    await indexDocument(trx, id);
  });
}

export async function remove(ctx: AppContext, actor: DocActor, id: string): Promise<void> {
  const doc = await findDoc(ctx.db, id);
  if (!doc) throw notFound('公文不存在');
  if (doc.creator !== actor.userCode && !actor.isAdmin) throw forbidden('只能删除自己的草稿');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteDoc(trx, id))) throw bizError('只有草稿可以删除');
    await removeEntry(trx, 'document', id);
  });
}

/** Loads a document the actor may read (403 otherwise, audited by the route). */
export async function readable(ctx: AppContext, actor: DocActor, id: string): Promise<DocRowDb> {
  const doc = await findDoc(ctx.db, id);
  if (!doc) throw notFound('公文不存在');
  if (!(await canReadDoc(ctx, ctx.db, actor, doc))) throw forbidden('您无权查看该公文');
  return doc;
}

/** The 处理笺: every step in Chinese, whom a step named, who read at 传阅 (core/ports/process-sheet). */
export const sheetOf = (db: Db, doc: DocRowDb) => processSheet(db, doc.module_code, doc.id, doc.kind === 'receipt' ? '登记' : '拟稿');

export function distRow(r: DistRowDb, users: Map<string, string>, depts: Map<string, string>): DistributionRow {
  return {
    id: r.id,
    recipientKind: r.recipient_kind,
    recipientName: r.recipient_name,
    userCode: r.user_code,
    userName: r.user_code ? (users.get(r.user_code) ?? r.user_code) : null,
    deptName: r.recipient_kind === 'dept' && r.recipient_code ? (depts.get(r.recipient_code) ?? null) : null,
    receivedAt: r.received_at,
    readAt: r.read_at,
    createdAt: r.created_at,
  };
}

export async function detail(ctx: AppContext, actor: DocActor, id: string): Promise<DocDetail> {
  const doc = await readable(ctx, actor, id);
  // opening a document sent to one marks one's copy read (the read receipt)
  await markRead(ctx.db, id, actor.userCode, nowIso());
  const [base] = await rows(ctx.db, [doc]);
  const d = parseData(doc);
  const manage = await canManage(actor, doc);
  const mine = doc.creator === actor.userCode;
  const copy = await myCopy(ctx.db, id, actor.userCode);
  const names = await userNames(ctx.db, [actor.userCode]);
  return {
    ...base,
    form: { ...formOf(doc), ...d, typeId: doc.type_id },
    bodyHtml: typeof d.bodyHtml === 'string' ? d.bodyHtml : '',
    attachments: Array.isArray(d.attachments) ? (d.attachments as DocDetail['attachments']) : [],
    bodyFileId: typeof d.bodyFileId === 'string' ? d.bodyFileId : null,
    printedFileId: doc.printed_file_id,
    sheet: await sheetOf(ctx.db, doc),
    numberedAt: doc.numbered_at,
    can: {
      edit: mine && EDITABLE_DOC_STATUSES.includes(doc.status as DocStatus),
      submit: mine && EDITABLE_DOC_STATUSES.includes(doc.status as DocStatus),
      number: manage && doc.kind === 'dispatch' && doc.status === 'signed',
      print: manage && doc.kind === 'dispatch' && doc.status === 'numbered',
      printSheet: doc.status !== 'draft',
      distribute: manage && doc.kind === 'dispatch' && (doc.status === 'printed' || doc.status === 'distributed'),
      manage,
      read: true,
      withdraw:
        !withdrawRefusal(doc, actor) &&
        (await ctx.workflow.mayWithdraw(ctx.db, { moduleCode: doc.module_code, recordId: doc.id, userCode: actor.userCode })),
      archive: !(await fileRefusal(actor, doc)),
      // 转为督办 creates a supervision task: those the supervision area lets create one (its route's function)
      supervise: doc.kind === 'receipt' && doc.status !== 'draft' && (actor.isAdmin || (await actor.can(SUPERVISE_CREATE_PERM))),
    },
    myCopy: copy ? distRow(copy, names, new Map()) : null,
  };
}

async function rows(db: Db, docs: DocRowDb[]): Promise<DocRow[]> {
  const byModule = new Map<string, string[]>();
  for (const d of docs) (byModule.get(d.module_code) ?? byModule.set(d.module_code, []).get(d.module_code)!).push(d.id);
  const nodes = new Map<string, string>();
  for (const [m, ids] of byModule) for (const [k, v] of await currentSteps(db, m, ids)) nodes.set(k, v);
  const typeIds = [...new Set(docs.map((d) => d.type_id).filter((t): t is string => !!t))];
  const typeNames = await typeNamesOf(db, typeIds);
  const [users, depts] = await Promise.all([
    userNames(
      db,
      docs.map((d) => d.creator),
    ),
    deptNames(db),
  ]);
  const now = chinaDate();
  return docs.map((d) => ({
    id: d.id,
    kind: d.kind,
    scope: d.scope,
    moduleCode: d.module_code,
    serialNo: d.serial_no,
    docNo: d.doc_no,
    title: d.title,
    typeId: d.type_id,
    typeName: d.type_id ? (typeNames.get(d.type_id) ?? null) : null,
    sourceOrg: d.source_org,
    sourceNo: d.source_no,
    mainTo: d.main_to,
    secretLevel: d.secret_level,
    urgency: d.urgency,
    status: d.status as DocStatus,
    deptCode: d.dept_code,
    deptName: d.dept_code ? (depts.get(d.dept_code) ?? null) : null,
    creator: d.creator,
    creatorName: users.get(d.creator) ?? d.creator,
    receivedDate: d.received_date,
    deadline: d.deadline,
    overdue: d.status === 'running' && !!d.deadline && d.deadline < now,
    archived: d.archived === 'Y',
    currentNodes: nodes.get(d.id) ?? null,
    createdAt: d.created_at,
    finishedAt: d.finished_at,
  }));
}

export async function list(ctx: AppContext, actor: DocActor, q: DocListQuery) {
  const moduleCode = MODULE_OF[q.scope][q.kind];
  let deptCode: string | null | undefined;
  if (q.box === 'all') {
    if (!actor.isAdmin && !(await actor.can(permOf(q.kind, q.scope, 'manage'))))
      throw forbidden(`没有访问权限（需要功能权限：${permOf(q.kind, q.scope, 'manage')}）`);
    if (q.scope === 'dept' && !actor.isAdmin) deptCode = actor.deptCode;
  }
  const {
    rows: docs,
    total,
    totalCapped,
  } = await listDocs(
    ctx.db,
    {
      moduleCode,
      box: q.box,
      viewer: actor.userCode,
      deptCode,
      year: q.year,
      status: q.status,
      keyword: q.keyword,
      sourceOrg: q.sourceOrg,
      typeId: q.typeId,
      overdueBefore: q.overdue === 'Y' ? chinaDate() : undefined,
    },
    { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize },
  );
  return { list: await rows(ctx.db, docs), total, totalCapped, pageNumber: q.pageNumber, pageSize: q.pageSize };
}
