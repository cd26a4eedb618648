import type { z } from 'zod';
import type { DefinitionDetail, DefinitionSummary, definitionListQuery, saveDraftBody, ConditionField } from '@oa/shared/contract/workflow';
import type { Paged } from '@oa/shared/contract/envelope';
import { processDefinitionSchema, type ProcessDefinition } from '@oa/shared/workflow/definition';
import { validateDefinition, type ConditionFieldRef } from '@oa/shared/workflow/validate';
import { conditionFieldsOf } from '@oa/shared/modules/define-module';
import { MODULES, moduleByCode } from '@oa/shared/modules/registry';
import { inChange, type AuditLast } from '../../core/audit';
import type { Db } from '../../db/database';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import {
  deleteDraft,
  findBound,
  findDefinition,
  findPublished,
  insertDefinition,
  listDefinitions,
  maxVersion,
  publishDraft,
  updateDraft,
  versionsOf,
  type DefinitionRow,
} from './definitions.repository';
import { newId } from './runtime.repository';
import { loadDirectory, loadRoleList } from './directory.repository';

/** Parses a definition; the root must be the start node. */
export function parseDefinition(input: unknown): ProcessDefinition {
  const def = processDefinitionSchema.parse(input);
  if (def.root.type !== 'start') throw badRequest('流程必须以发起人节点开始', 'definition.root');
  return { ...def, root: def.root };
}

const toSummary = (r: DefinitionRow): DefinitionSummary => ({
  id: r.id,
  moduleCode: r.module_code,
  deptCode: r.dept_code,
  name: r.name,
  version: r.version,
  status: r.status,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  publishedAt: r.published_at,
});
const toDetail = (r: DefinitionRow): DefinitionDetail => ({ ...toSummary(r), definition: JSON.parse(r.body) as ProcessDefinition });

export async function list(db: Db, q: z.infer<typeof definitionListQuery>): Promise<Paged<DefinitionSummary>> {
  const text = q.keyword?.trim();
  // the module names live in the declarations, not in the table: match them here
  const keyword = text ? { text, moduleCodes: MODULES.filter((m) => m.name.includes(text)).map((m) => m.code) } : undefined;
  const { total, rows } = await listDefinitions(db, {
    moduleCode: q.moduleCode,
    status: q.status,
    latestOnly: q.latestOnly === 'Y',
    keyword,
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map(toSummary), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function get(db: Db, id: string): Promise<DefinitionDetail> {
  const row = await findDefinition(db, id);
  if (!row) throw notFound('流程定义不存在');
  return toDetail(row);
}

export const versions = async (db: Db, moduleCode: string, deptCode: string | null) =>
  (await versionsOf(db, moduleCode, deptCode)).map(toSummary);

/** Creates a draft (version = newest + 1) or updates one; published versions never change. */
export async function saveDraft(db: Db, userCode: string, b: z.infer<typeof saveDraftBody>): Promise<DefinitionDetail> {
  const def = parseDefinition(b.definition);
  const at = nowIso();
  if (b.id) {
    const row = await findDefinition(db, b.id);
    if (!row) throw notFound('流程定义不存在');
    if (row.status !== 'draft') throw bizError('已发布的版本不能修改，请另存为新草稿');
    if (row.module_code !== def.moduleCode || row.dept_code !== def.deptCode) throw bizError('草稿的业务模块与适用部门不能修改');
    await updateDraft(db, b.id, { name: def.name, body: JSON.stringify(def), updated_at: at });
    return get(db, b.id);
  }
  return db.transaction().execute(async (trx) => {
    const row: DefinitionRow = {
      id: newId(),
      module_code: def.moduleCode,
      dept_code: def.deptCode,
      name: def.name,
      version: (await maxVersion(trx, def.moduleCode, def.deptCode)) + 1,
      status: 'draft',
      body: JSON.stringify(def),
      created_by: userCode,
      created_at: at,
      updated_at: at,
      published_at: null,
    };
    await insertDefinition(trx, row);
    return toDetail(row);
  });
}

/** The fields a declared module offers to conditions and to 'formUser' approvers (undefined: module not declared). */
export function registryFields(moduleCode: string): ConditionFieldRef[] | undefined {
  const m = moduleByCode(moduleCode);
  if (!m) return undefined;
  const out: ConditionFieldRef[] = conditionFieldsOf(m).map((f) => ({ code: f.field, label: f.label, type: f.kind }));
  for (const [code, f] of Object.entries(m.fields))
    if (f.kind === 'user' && !out.some((o) => o.code === code)) out.push({ code, label: f.label, type: 'user' });
  return out;
}

/** What a publication changed: the version in use before (null: none) and the one published. */
export interface Publication {
  before: DefinitionDetail | null;
  after: DefinitionDetail;
}

/**
 * Validates (against the caller's fields, else the module registry's), then publishes: new instances use it; running
 * ones keep their version. `audit` is written last in the publication's transaction.
 */
export async function publish(
  db: Db,
  id: string,
  fields: ConditionField[] | undefined,
  audit: AuditLast<Publication>,
): Promise<DefinitionDetail> {
  const row = await findDefinition(db, id);
  if (!row) throw notFound('流程定义不存在');
  if (row.status !== 'draft') throw bizError('只有草稿可以发布');
  const problems = validateDefinition(JSON.parse(row.body) as ProcessDefinition, fields ?? registryFields(row.module_code));
  if (problems.length)
    throw bizError(`流程校验未通过：${problems[0].message}${problems.length > 1 ? ` 等 ${problems.length} 项` : ''}`, 1, { problems });
  return inChange(db, async (trx) => {
    const was = await findPublished(trx, row.module_code, row.dept_code);
    if (!(await publishDraft(trx, row, nowIso()))) throw bizError('该草稿已被发布或删除');
    const after = await get(trx, id);
    await audit(trx, { before: was ? toDetail(was) : null, after });
    return after;
  });
}

export async function removeDraft(db: Db, id: string): Promise<void> {
  if (!(await deleteDraft(db, id))) throw bizError('只有草稿可以删除');
}

/** A published definition straight away (seeds, the built-in fallback). */
export async function insertPublished(db: Db, def: ProcessDefinition, userCode: string | null): Promise<DefinitionRow> {
  const at = nowIso();
  const row: DefinitionRow = {
    id: newId(),
    module_code: def.moduleCode,
    dept_code: def.deptCode,
    name: def.name,
    version: (await maxVersion(db, def.moduleCode, def.deptCode)) + 1,
    status: 'draft',
    body: JSON.stringify(def),
    created_by: userCode,
    created_at: at,
    updated_at: at,
    published_at: null,
  };
  await insertDefinition(db, row);
  await publishDraft(db, row, at);
  return { ...row, status: 'published', published_at: at };
}

/** The process a module's record starts with; a module nobody configured gets "department leader approves". */
export async function boundDefinition(db: Db, moduleCode: string, deptCode: string | null): Promise<DefinitionRow> {
  const found = await findBound(db, moduleCode, deptCode);
  if (found) return found;
  return insertPublished(db, fallbackDefinition(moduleCode), null);
}

export function fallbackDefinition(moduleCode: string): ProcessDefinition {
  return parseDefinition({
    moduleCode,
    name: '默认审批流程',
    deptCode: null,
    adminUserCodes: [],
    root: {
      id: 'start',
      type: 'start',
      name: '发起人',
      settings: { fieldPermissions: {} },
      childNode: {
        id: 'leader',
        type: 'approver',
        name: '部门负责人审批',
        settings: { assignee: { kind: 'deptLeader' }, whenEmpty: 'toAdmin', whenInitiator: 'toLeader' },
        childNode: null,
      },
    },
  });
}

/** The people, departments and roles the designer offers. */
export async function designerDirectory(db: Db) {
  const [dir, roles] = await Promise.all([loadDirectory(db), loadRoleList(db)]);
  return { users: Object.values(dir.users), depts: Object.values(dir.depts), roles };
}

/** The organisation as the workflow's pure functions see it (simulation). */
export const directory = (db: Db) => loadDirectory(db);
