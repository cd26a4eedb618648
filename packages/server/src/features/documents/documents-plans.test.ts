import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COUNT_CAP } from '@oa/shared/contract/envelope';
import type { DocListQuery } from '@oa/shared/contract/documents';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { fullScans, recording } from '../../../test/query-plans';
import * as svc from './documents.service';
import type { DocActor } from './documents.access';

const DIALECTS = await testDialects();
const DOCS = 20_000;
// the big table here (the workflow tables' lists have their own plan tests; here they hold the demo rows only)
const TABLES = ['doc_document'] as const;
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
const actor = (userCode: string, isAdmin = false): DocActor => ({
  userCode,
  userName: userCode,
  deptCode: 'D01',
  isAdmin,
  can: async () => isAdmin,
});
const q = (box: DocListQuery['box'], over: Partial<DocListQuery> = {}): DocListQuery => ({
  kind: 'receipt',
  scope: 'office',
  box,
  pageNumber: 1,
  pageSize: 20,
  ...over,
});

/** Issue 18: the documents boxes read index ranges and count up to 10,000 (20,000 received documents). */
describe.each(DIALECTS)('documents list plans on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.ctx.db;
    for (let i = 0; i < DOCS; i += 500) {
      const docs = Array.from({ length: 500 }, (_, k) => i + k).map((n) => ({
        id: `pd${n}`,
        kind: 'receipt' as const,
        scope: 'office' as const,
        module_code: 'oa_receipt',
        serial_no: `R${n}`,
        doc_year: 2025,
        dept_code: null,
        type_id: null,
        title: `来文${n}`,
        doc_no: null,
        number_id: null,
        numbered_at: null,
        source_org: '某单位',
        source_no: null,
        main_to: null,
        secret_level: '普通',
        urgency: '普通',
        received_date: null,
        deadline: null,
        status: 'finished',
        archived: 'N' as const,
        data: '{}',
        printed_file_id: null,
        creator: n % 400 === 3 ? 'pdclerk' : `pc${n % 40}`,
        created_at: at(n),
        updated_at: at(n),
        submitted_at: at(n),
        finished_at: null,
      }));
      await db.insertInto('doc_document').values(docs).execute();
      await db
        .insertInto('doc_distribution')
        .values(
          docs
            .filter((_, k) => (i + k) % 300 === 5)
            .map((d) => ({
              id: `dd${d.id}`,
              doc_id: d.id,
              recipient_kind: 'user' as const,
              recipient_code: 'pdclerk',
              recipient_name: 'pdclerk',
              user_code: 'pdclerk',
              received_at: d.created_at,
              read_at: null,
              created_by: 'admin',
              created_at: d.created_at,
            })),
        )
        .execute();
    }
    await (dialect === 'sqlite' ? sql`analyze` : sql`vacuum analyze`).execute(db);
  }, 120_000);
  afterAll(() => t.close());

  const boxes: Array<[string, () => Promise<unknown>]> = [
    ['mine', () => svc.list(t.ctx, actor('pdclerk'), q('mine'))],
    ['todo', () => svc.list(t.ctx, actor('pdclerk'), q('todo'))],
    ['involved', () => svc.list(t.ctx, actor('pdclerk'), q('involved'))],
    ['all (a manager)', () => svc.list(t.ctx, actor('admin', true), q('all'))],
    ['all, one year', () => svc.list(t.ctx, actor('admin', true), q('all', { year: 2025 }))],
  ];
  it.each(boxes)('%s: no full scan of doc_document', async (_name, run) => {
    const rec = recording(t.ctx.db);
    const ctxDb = t.ctx.db;
    t.ctx.db = rec.db;
    try {
      expect(await run()).toBeTruthy();
    } finally {
      t.ctx.db = ctxDb;
    }
    const queries = rec.taken().filter((cq) => /"doc_document"/.test(cq.sql));
    expect(queries.length).toBeGreaterThan(0);
    for (const cq of queries) expect(await fullScans(t.ctx.db, dialect, cq, TABLES), cq.sql).toEqual([]);
  });

  it('the boxes count their documents, up to 10,000', async () => {
    const involved = await svc.list(t.ctx, actor('pdclerk'), q('involved', { pageSize: 100 }));
    const expected = Array.from({ length: DOCS }, (_, n) => n).filter((n) => n % 400 === 3 || n % 300 === 5).length;
    expect(involved).toMatchObject({ total: expected, totalCapped: false });
    expect(involved.list.length).toBe(Math.min(100, expected));
    expect(await svc.list(t.ctx, actor('admin', true), q('all'))).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  });
});
