import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';
import type { WfDefinitionTable } from '../../db/schema/workflow';

export type DefinitionRow = Selectable<WfDefinitionTable>;

export const findDefinition = (db: Db, id: string) => db.selectFrom('wf_definition').selectAll().where('id', '=', id).executeTakeFirst();

/** The newest published version for a module and department (a department's own process wins over the general one). */
export async function findBound(db: Db, moduleCode: string, deptCode: string | null): Promise<DefinitionRow | undefined> {
  const rows = await db
    .selectFrom('wf_definition')
    .selectAll()
    .where('module_code', '=', moduleCode)
    .where('status', '=', 'published')
    .where((eb) => (deptCode ? eb.or([eb('dept_code', 'is', null), eb('dept_code', '=', deptCode)]) : eb('dept_code', 'is', null)))
    .orderBy('version', 'desc')
    .execute();
  return rows.find((r) => r.dept_code === deptCode && deptCode) ?? rows.find((r) => r.dept_code === null);
}

/** The published version of exactly this module and department (null: the module-wide one), if any. */
export async function findPublished(db: Db, moduleCode: string, deptCode: string | null): Promise<DefinitionRow | undefined> {
  const q = db.selectFrom('wf_definition').selectAll().where('module_code', '=', moduleCode).where('status', '=', 'published');
  return (deptCode ? q.where('dept_code', '=', deptCode) : q.where('dept_code', 'is', null)).orderBy('version', 'desc').executeTakeFirst();
}

export async function maxVersion(db: Db, moduleCode: string, deptCode: string | null): Promise<number> {
  const q = db
    .selectFrom('wf_definition')
    .select((eb) => eb.fn.max<number>('version').as('v'))
    .where('module_code', '=', moduleCode);
  const row = await (deptCode ? q.where('dept_code', '=', deptCode) : q.where('dept_code', 'is', null)).executeTakeFirst();
  return Number(row?.v ?? 0);
}

export async function insertDefinition(db: Db, row: DefinitionRow): Promise<void> {
  await db.insertInto('wf_definition').values(row).execute();
}

export async function updateDraft(db: Db, id: string, patch: Partial<DefinitionRow>): Promise<boolean> {
  const r = await db.updateTable('wf_definition').set(patch).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Publishes a draft and archives the versions it replaces, in one go. */
export async function publishDraft(db: Db, row: DefinitionRow, at: string): Promise<boolean> {
  const r = await db
    .updateTable('wf_definition')
    .set({ status: 'published', published_at: at, updated_at: at })
    .where('id', '=', row.id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  let q = db
    .updateTable('wf_definition')
    .set({ status: 'archived', updated_at: at })
    .where('module_code', '=', row.module_code)
    .where('status', '=', 'published')
    .where('id', '!=', row.id);
  q = row.dept_code ? q.where('dept_code', '=', row.dept_code) : q.where('dept_code', 'is', null);
  await q.execute();
  return true;
}

export async function listDefinitions(
  db: Db,
  f: {
    moduleCode?: string;
    status?: string;
    latestOnly: boolean;
    offset: number;
    limit: number;
    /** name contains the keyword, or the module is one of these (modules whose name contains it) */
    keyword?: { text: string; moduleCodes: string[] };
  },
) {
  let q = db.selectFrom('wf_definition as d');
  if (f.moduleCode) q = q.where('d.module_code', '=', f.moduleCode);
  const k = f.keyword;
  if (k) {
    q = q.where((eb) =>
      eb.or([eb('d.name', 'like', containsPattern(k.text)), ...(k.moduleCodes.length ? [eb('d.module_code', 'in', k.moduleCodes)] : [])]),
    );
  }
  if (f.status) q = q.where('d.status', '=', f.status as DefinitionRow['status']);
  if (f.latestOnly) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('wf_definition as n')
            .select('n.id')
            .whereRef('n.module_code', '=', 'd.module_code')
            .where((eb) =>
              eb.or([
                eb.and([eb('n.dept_code', 'is', null), eb('d.dept_code', 'is', null)]),
                eb('n.dept_code', '=', eb.ref('d.dept_code')),
              ]),
            )
            .whereRef('n.version', '>', 'd.version'),
        ),
      ),
    );
  }
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .selectAll('d')
    .orderBy('d.module_code')
    .orderBy('d.dept_code')
    .orderBy('d.version', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  return { total, rows };
}

export const versionsOf = (db: Db, moduleCode: string, deptCode: string | null) => {
  const q = db.selectFrom('wf_definition').selectAll().where('module_code', '=', moduleCode);
  return (deptCode ? q.where('dept_code', '=', deptCode) : q.where('dept_code', 'is', null)).orderBy('version', 'desc').execute();
};

export async function deleteDraft(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('wf_definition').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
